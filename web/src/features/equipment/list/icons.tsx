/** The equipment list's icons, as inline Material paths (no icon package). */
import { SvgIcon, type SvgIconProps } from "@mui/material";

export function AddIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z" />
    </SvgIcon>
  );
}

/** Material "manage search": find by serial number. */
export function FindIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M7 9H2V7h5zm0 3H2v2h5zm13.59 7-3.83-3.83c-.8.52-1.74.83-2.76.83-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5c0 1.02-.31 1.96-.83 2.75L22 17.59zM17 11c0-1.65-1.35-3-3-3s-3 1.35-3 3 1.35 3 3 3 3-1.35 3-3M2 19h10v-2H2z" />
    </SvgIcon>
  );
}
