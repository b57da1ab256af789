/**
 * §2's spinner while syncing: twelve spokes, the brightest leading, turned a spoke at a time
 * as a phone's activity indicator is. In steps, the page draws twelve frames a second through
 * a sync instead of sixty: a spinner turning smoothly kept the page drawing every frame of a
 * first download, and each key typed meanwhile waited behind those frames for its own
 * (docs/web.md "Keystrokes during the first download"). Still for those who ask for less motion.
 */
import { Box } from "@mui/material";
import { keyframes } from "@mui/material/styles";

/** The spokes, and the steps of one turn a second. */
export const SPINNER_STEPS = 12;

const turn = keyframes`
  to { transform: rotate(360deg); }
`;

export function SyncSpinner({ label, size = 20 }: { label: string; size?: number }) {
  return (
    <Box
      component="svg"
      role="progressbar"
      aria-label={label}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      sx={{
        flexShrink: 0,
        color: "primary.main",
        animation: `${turn} 1s steps(${SPINNER_STEPS}) infinite`,
        "@media (prefers-reduced-motion: reduce)": { animation: "none" },
      }}
    >
      {Array.from({ length: SPINNER_STEPS }, (_, spoke) => (
        <rect
          key={spoke}
          x="11"
          y="1"
          width="2"
          height="6"
          rx="1"
          fill="currentColor"
          opacity={(spoke + 1) / SPINNER_STEPS}
          transform={`rotate(${(spoke * 360) / SPINNER_STEPS} 12 12)`}
        />
      ))}
    </Box>
  );
}
