/** The icons of scanning and the tag view, as inline Material paths (no icon package). */
import { SvgIcon, type SvgIconProps } from "@mui/material";

export function ScanIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M4 6h2v12H4zm3 0h1v12H7zm2 0h3v12H9zm4 0h1v12h-1zm3 0h2v12h-2zm3 0h1v12h-1zM2 4v4h1V5h3V4zm20 0h-4v1h3v3h1zM2 20h4v-1H3v-3H2zm20 0v-4h-1v3h-3v1z" />
    </SvgIcon>
  );
}

export function BackIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z" />
    </SvgIcon>
  );
}

export function MoreIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2" />
    </SvgIcon>
  );
}
