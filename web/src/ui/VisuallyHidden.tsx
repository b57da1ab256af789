/** Text read by screen readers and not shown: words that complete a control's name. */
import { Box } from "@mui/material";
import type { ReactNode } from "react";

const HIDDEN = { position: "absolute", width: 1, height: 1, p: 0, m: "-1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap", border: 0 } as const;

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={HIDDEN}>
      {children}
    </Box>
  );
}
