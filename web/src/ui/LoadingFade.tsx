/**
 * §9's loading fade: what shows while something loads fades in over 400 ms, so a load that ends
 * at once never flashes; it shows at once for those who ask for less motion. The browser runs
 * the fade (a CSS animation): a transition component renders again as the fade starts and as it
 * ends, and forces a layout to start it, each a stretch of the page's thread that a key typed
 * meanwhile waits behind.
 */
import { Box, useMediaQuery } from "@mui/material";
import { keyframes } from "@mui/material/styles";
import type { ReactNode } from "react";

export const LOADING_FADE_MS = 400;

const fadeIn = keyframes`
  from { opacity: 0; }
`;

export function LoadingFade({ children }: { children: ReactNode }) {
  const lessMotion = useMediaQuery("(prefers-reduced-motion: reduce)", { noSsr: true });
  return (
    <Box data-loading-fade sx={{ animation: lessMotion ? "none" : `${fadeIn} ${LOADING_FADE_MS}ms ease-in-out both` }}>
      {children}
    </Box>
  );
}
