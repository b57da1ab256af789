/** What shows while the first screen's code loads, before the shell can paint. */
import { Box, CircularProgress } from "@mui/material";
import { t } from "../lib/strings";

export function LoadingPage() {
  return (
    <Box sx={{ minHeight: "100dvh", display: "grid", placeItems: "center" }}>
      <CircularProgress aria-label={t("loading")} />
    </Box>
  );
}
