/** What shows while the first screen's code loads, before the shell can paint; it fades in (§9). */
import { Box, CircularProgress } from "@mui/material";
import { t } from "../lib/strings";
import { LoadingFade } from "../ui/LoadingFade";

export function LoadingPage() {
  return (
    <LoadingFade>
      <Box sx={{ minHeight: "100dvh", display: "grid", placeItems: "center" }}>
        <CircularProgress aria-label={t("loading")} />
      </Box>
    </LoadingFade>
  );
}
