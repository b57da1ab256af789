/**
 * The look of §9: primary green, radius 12, the spacing scale 2–70 px, breakpoints 600 and
 * 900, dialogs above the page at 500 and notifications above them at 600, dialogs in 150 ms.
 * `useDevice()` answers the §1 layout: mobile under 600 px, tablet under 900, desktop otherwise.
 */
import { createTheme, useMediaQuery } from "@mui/material";

/** §9 spacing scale: `theme.spacing(n)` and `sx={{ p: n }}` read index n, so 4 is 16 px. */
export const spacingScale = [0, 2, 4, 8, 16, 24, 32, 48, 70] as const;
export const dialogTransitionMs = 150;
export const breakpoints = { mobile: 600, tablet: 900 } as const;

/**
 * A step of the scale. MUI's own components also ask for halves (`spacing(4.5)`), which an
 * array theme rejects, so fractions interpolate between steps and steps past the end grow
 * by the last gap.
 */
export function spacing(factor: number): number {
  const sign = factor < 0 ? -1 : 1;
  const step = Math.abs(factor);
  const last = spacingScale.length - 1;
  const top = spacingScale[last]!;
  if (step >= last) return sign * (top + (step - last) * (top - spacingScale[last - 1]!));
  const below = Math.floor(step);
  const low = spacingScale[below]!;
  const high = spacingScale[below + 1]!;
  return sign * (low + (step - below) * (high - low));
}

/** How long a tap's ripple grows, and then fades (MUI's own: 550 ms each). */
export const RIPPLE_MS = 200;

export const theme = createTheme({
  // Warning orange dark enough for text on white and for white text on it (4.5:1, WCAG AA):
  // MUI's #ed6c02 gives 3.1:1, which failed the due markers and the Due chip.
  palette: { primary: { main: "#2e7d32" }, warning: { main: "#b45309" } },
  shape: { borderRadius: 12 },
  spacing,
  breakpoints: { values: { xs: 0, sm: breakpoints.mobile, md: breakpoints.tablet, lg: 1200, xl: 1536 } },
  // Everything that floats stays below the dialog layer (500); notifications sit above (600).
  zIndex: { mobileStepper: 300, fab: 350, speedDial: 350, appBar: 400, drawer: 450, modal: 500, snackbar: 600, tooltip: 700 },
  components: {
    MuiDialog: { defaultProps: { transitionDuration: dialogTransitionMs } },
    // MUI's components assume an 8 px unit; these keep their usual insets on our scale.
    MuiToolbar: { styleOverrides: { gutters: { paddingLeft: 16, paddingRight: 16, "@media (min-width:600px)": { paddingLeft: 24, paddingRight: 24 } } } },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 36 } } },
    // A disabled field's helper text says why it is disabled ('Please select country first'):
    // it must stay readable.
    MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ "&.Mui-disabled": { color: theme.palette.text.secondary } }) } },
    MuiDivider: {
      styleOverrides: {
        middle: ({ ownerState }) => (ownerState.orientation === "vertical" ? { marginTop: 8, marginBottom: 8 } : { marginLeft: 16, marginRight: 16 }),
      },
    },
    MuiMenuItem: { styleOverrides: { root: { "& + .MuiDivider-root": { marginTop: 8, marginBottom: 8 } } } },
    MuiAccordionSummary: { styleOverrides: { root: { padding: "0 16px" } } },
    MuiAccordionDetails: { styleOverrides: { root: { padding: "8px 16px 16px" } } },
    // A tap's ripple in a fifth of a second each way: while anything moves the page draws every
    // frame, and the first taps after login (the menu, the list's tab) fall in the first
    // download, whose keystrokes waited behind those frames (docs/web.md).
    MuiButtonBase: {
      styleOverrides: {
        root: { "&& .MuiTouchRipple-rippleVisible, && .MuiTouchRipple-childLeaving": { animationDuration: `${RIPPLE_MS}ms` } },
      },
    },
  },
});

export type Device = "mobile" | "tablet" | "desktop";

/** The §1 layout for a viewport width. */
export function deviceForWidth(width: number): Device {
  if (width < breakpoints.mobile) return "mobile";
  if (width < breakpoints.tablet) return "tablet";
  return "desktop";
}

/** The current layout, following the window as it resizes. */
export function useDevice(): Device {
  // noSsr: answer from the first render, so a phone never paints the desktop layout first.
  const mobile = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const tablet = useMediaQuery(theme.breakpoints.down("md"), { noSsr: true });
  if (mobile) return "mobile";
  return tablet ? "tablet" : "desktop";
}
