/**
 * The invite link of a user (§4: idle, creating, error, offline; §7
 * `POST /users/{id}/invite-link` → data.inviteLink; §8's messages). The device's changes are
 * sent first, so a user added here a moment ago exists on the server, which also mails the link.
 */
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { ApiError } from "../../api/types";
import { createInviteLink } from "../../api/users";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { useSyncEngine } from "../../offline/SyncProvider";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";

type InviteState = { state: "idle" } | { state: "creating" } | { state: "error" } | { state: "offline" } | { state: "created"; link: string };

export function InviteLink({ userId, name, email, disabled }: { userId: string; name: string; email: string; disabled?: boolean }) {
  const { client } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const [invite, setInvite] = useState<InviteState>({ state: "idle" });

  async function create() {
    setInvite({ state: "creating" });
    try {
      await engine.syncNow().catch(() => undefined);
      setInvite({ state: "created", link: await createInviteLink(client, userId) });
    } catch (error) {
      setInvite({ state: error instanceof ApiError && error.offline ? "offline" : "error" });
    }
  }

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      snackbar.show(t("linkCopied"));
    } catch {
      // No clipboard (an insecure page): the link stays selectable in its field.
    }
  }

  return (
    <Stack spacing={3} component="section" aria-labelledby={`invite-${userId}`}>
      <Typography id={`invite-${userId}`} variant="h6" component="h2">
        {t("inviteLink")}
      </Typography>
      <Box>
        <Button variant="outlined" onClick={() => void create()} loading={invite.state === "creating"} disabled={disabled}>
          {invite.state === "creating" ? t("creatingInviteLink") : t("createInviteLink")}
        </Button>
      </Box>
      {invite.state === "error" && <Alert severity="error">{t("inviteLinkFailed")}</Alert>}
      {invite.state === "offline" && <Alert severity="warning">{t("inviteLinkOffline")}</Alert>}
      {invite.state === "created" && (
        <Stack spacing={2}>
          <Typography variant="body2">{t("inviteLinkHint", { name, email })}</Typography>
          <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
            <TextField label={t("inviteLink")} value={invite.link} fullWidth slotProps={{ htmlInput: { readOnly: true } }} onFocus={(e) => e.target.select()} sx={{ flex: "1 1 240px" }} />
            <Button onClick={() => void copy(invite.link)} sx={{ mt: 2 }}>
              {t("copyLink")}
            </Button>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
