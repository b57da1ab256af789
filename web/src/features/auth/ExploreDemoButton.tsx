/**
 * Explore a demo organisation: a new throw-away organisation full of sample records, signed in
 * as its owner (POST /api/demo), deleted after 24 hours. From the login screen it opens at once.
 * From inside an organisation (`leave`), the session holds one organisation at a time, so a
 * dialog says the user will be logged out of theirs, which stays as it is, and can log back in;
 * changes not yet sent hold the way until synced. Logging out clears the device and reloads the
 * page; the login screen then opens the demo (demoHandOff.ts).
 */
import { Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useAuth } from "../../auth/AuthProvider";
import { t } from "../../lib/strings";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { openDemoAfterReload } from "./demoHandOff";

/** What leaving the user's own organisation takes. */
export interface LeaveOrganization {
  organizationName: string;
  /** Sends what waits and answers how many changes still have not reached the server. */
  unsentAfterSync(): Promise<number>;
  /** Logs out and clears the device, which reloads the page. */
  logOut(): Promise<void>;
}

export function ExploreDemoButton({ leave }: { leave?: LeaveOrganization }) {
  const auth = useAuth();
  const [asking, setAsking] = useState(false);
  const [unsent, setUnsent] = useState(0);
  const [busy, setBusy] = useState(false);
  const opening = busy || auth.status === "authenticating";

  async function leaveForDemo(organization: LeaveOrganization) {
    setBusy(true);
    const count = await organization.unsentAfterSync().catch(() => 0);
    setUnsent(count);
    if (count > 0) {
      setBusy(false);
      return;
    }
    openDemoAfterReload();
    await organization.logOut();
  }

  return (
    <>
      <Stack spacing={1} sx={{ alignItems: "center" }}>
        <Button variant="outlined" disabled={opening} onClick={() => (leave ? setAsking(true) : void auth.openDemo())}>
          {opening && !leave ? t("openingDemo") : t("exploreDemo")}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center" }}>
          {t("exploreDemoText")}
        </Typography>
      </Stack>
      {leave && (
        <ResponsiveDialog
          open={asking}
          onClose={() => setAsking(false)}
          title={t("leaveForDemoTitle")}
          actions={
            <>
              <Button onClick={() => setAsking(false)}>{t("cancel")}</Button>
              <Button variant="contained" loading={busy} onClick={() => void leaveForDemo(leave)}>
                {t("openDemo")}
              </Button>
            </>
          }
        >
          <Stack spacing={3}>
            <Typography>{t("leaveForDemoText", { organization: leave.organizationName })}</Typography>
            {unsent > 0 && <Typography color="error">{t("leaveForDemoUnsent", { count: unsent })}</Typography>}
          </Stack>
        </ResponsiveDialog>
      )}
    </>
  );
}
