/**
 * §9's loading fade: what shows while something loads fades in over 400 ms, so a load that ends
 * at once never flashes; it shows at once for those who ask for less motion.
 */
import { Fade, useMediaQuery } from "@mui/material";
import type { ReactElement } from "react";

export const LOADING_FADE_MS = 400;

/** `children` must hold a ref and take a style (an MUI Box does). */
export function LoadingFade({ children }: { children: ReactElement }) {
  const lessMotion = useMediaQuery("(prefers-reduced-motion: reduce)", { noSsr: true });
  return (
    <Fade in appear timeout={lessMotion ? 0 : LOADING_FADE_MS}>
      {children}
    </Fade>
  );
}
