/**
 * The header's sync status (§2's sync message), refreshed every second (§9): what
 * waits on this device, when the last sync was, and when sync fails, why (the server's words,
 * or 'offline' beside it when nothing answers), with Sync Now. One line of a fixed height, so
 * the header never moves when the words change. A phone's bar has room for a word or two: it
 * shows how many changes wait (or were not sent), and a tap opens the whole of it, Sync Now
 * included. While changes come live (the change stream is held) a Live chip stands beside it;
 * the phone's details say the mode in words.
 */
import { Box, Button, Chip, Popover, Stack, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";
import { useWaitingImageCount } from "../../offline/images";
import { useSyncEngine, useSyncStatus } from "../../offline/SyncProvider";
import { t } from "../../lib/strings";
import { useDevice } from "../../ui/theme";
import { useNow } from "../../ui/useNow";
import { type SyncStatusWords, syncModeText, syncStatusWords } from "./syncStatusWords";

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = { position: "absolute", width: "1px", height: "1px", margin: "-1px", padding: 0, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap", border: 0 } as const;

export function SyncMessage() {
  const engine = useSyncEngine();
  const status = useSyncStatus();
  const waitingImages = useWaitingImageCount();
  const words = syncStatusWords({ ...status, waitingImages }, useNow());
  const mode = syncModeText(status);
  const phone = useDevice() === "mobile";
  const [trying, setTrying] = useState(false);

  // Not disabled while it runs: a disabled button drops the keyboard's focus.
  const syncNow = (
    <Button
      size="small"
      variant="outlined"
      color={words.failing ? "error" : "primary"}
      aria-busy={trying}
      sx={{ flexShrink: 0, py: 0 }}
      onClick={() => {
        setTrying(true);
        engine.syncNow().finally(() => setTrying(false));
      }}
    >
      {trying ? t("syncing") : t("syncNow")}
    </Button>
  );

  return (
    <Box
      data-testid="sync-status"
      // Its width follows the bar, not its words (except the phone's few words).
      sx={{ display: "flex", alignItems: "center", gap: 2, height: 32, minWidth: 0, flex: phone ? "0 1 auto" : "0 1 28rem" }}
    >
      {phone ? (
        <CompactStatus words={words} mode={mode} syncNow={syncNow} />
      ) : (
        <>
          <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 2, flex: "1 1 auto", minWidth: 0, justifyContent: "flex-end" }}>
            <Typography variant="caption" noWrap title={words.text} sx={{ minWidth: 0, color: words.failing ? "error.main" : undefined }}>
              {words.text}
            </Typography>
            {words.offline && (
              <>
                {" "}
                <OfflineChip />
              </>
            )}
          </Box>
          {status.live && mode && <Chip size="small" variant="outlined" color="success" label={t("syncLive")} title={mode} />}
          {words.syncNow && syncNow}
        </>
      )}
    </Box>
  );
}

function OfflineChip() {
  return <Chip component="span" size="small" variant="outlined" label={t("offline")} />;
}

/** The phone's few words; the whole status, for screen readers too, and Sync Now a tap away. */
function CompactStatus({ words, mode, syncNow }: { words: SyncStatusWords; mode?: string; syncNow: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Box role="status" sx={VISUALLY_HIDDEN}>
        {words.offline ? `${words.text} ${t("offline")}` : words.text}
      </Box>
      <Button
        color={words.failing ? "error" : "inherit"}
        size="small"
        aria-haspopup="dialog"
        aria-expanded={anchor ? "true" : "false"}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, maxWidth: "100%", gap: 2, px: 2, textTransform: "none" }}
      >
        {words.offline && <OfflineChip />}
        <Typography variant="caption" component="span" noWrap>
          {words.short}
        </Typography>
      </Button>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { role: "dialog", "aria-label": t("syncStatus"), sx: { p: 4, maxWidth: 320 } } }}
      >
        <Stack spacing={3} sx={{ alignItems: "flex-start" }}>
          <Typography variant="body2" sx={{ color: words.failing ? "error.main" : undefined }}>
            {words.text}
          </Typography>
          {words.detail && (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {words.detail}
            </Typography>
          )}
          {mode && (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {mode}
            </Typography>
          )}
          {syncNow}
        </Stack>
      </Popover>
    </>
  );
}
