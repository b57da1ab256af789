/** The icons of the sites screens, as inline Material paths (the app has no icon package). */
import { SvgIcon, type SvgIconProps } from "@mui/material";

const PHONE_PATH =
  "M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02z";

export function PhoneIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d={PHONE_PATH} />
    </SvgIcon>
  );
}

/** The phone as a bare `svg`, for the sites list's rows, which are plain elements styled by their list. */
export function PlainPhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PHONE_PATH} />
    </svg>
  );
}

export function MapIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7m0 9.5c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5" />
    </SvgIcon>
  );
}
