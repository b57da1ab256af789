/**
 * A list's place while its records have not come down yet (the first sync on this device):
 * grey rows shaped like the list's, announced as loading, instead of an empty list's hint
 * that would be untrue. It fades in (§9), then keeps still: the pane's Syncing spinner says the
 * records are on their way, and a dozen pulsing rows cost a slow phone a frame's work 60 times
 * a second through a whole first download.
 */
import { Box, Skeleton } from "@mui/material";
import { t } from "../lib/strings";
import { LoadingFade } from "./LoadingFade";

export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <LoadingFade>
      <Box role="progressbar" aria-label={t("loading")}>
        {Array.from({ length: rows }, (_, index) => (
          <Box key={index} sx={{ px: 4, py: 3, borderBottom: 1, borderColor: "divider" }}>
            <Skeleton variant="text" width="55%" animation={false} />
            <Skeleton variant="text" width="35%" animation={false} />
          </Box>
        ))}
      </Box>
    </LoadingFade>
  );
}
