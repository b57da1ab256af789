/**
 * How a plain element that is tapped or clicked answers, for rows styled once by their list
 * rather than built of MUI's buttons: a tint under the mouse (not left behind by a tap on a
 * touch screen), a deeper one while pressed, in place of the browser's tap rectangle, and a
 * ring for the keyboard's focus.
 */
import type { Theme } from "@mui/material";

export function pressable(theme: Theme) {
  return {
    cursor: "pointer",
    WebkitTapHighlightColor: "transparent",
    "&:hover": { backgroundColor: theme.palette.action.hover },
    "@media (hover: none)": { "&:hover": { backgroundColor: "transparent" } },
    "&:active": { backgroundColor: theme.palette.action.selected },
    "&:focus-visible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  } as const;
}
