/**
 * The full-screen overlays of §2/§4 — trial start, canceled subscription with Reactivate,
 * completing sign-up and terms acceptance — shown over the signed-in screens by the shell.
 * `SubscriptionOverlays` draws them from plain props; `SubscriptionGate` connects it to the
 * session, the synced records, the router and the API.
 */
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Typography } from "@mui/material";
import { type ReactNode, useEffect, useId, useState } from "react";
import { t } from "../../lib/strings";
import type { User } from "../../auth/session";
import { can } from "../../auth/session";
import { type BillingOrganization, type Overlay, overlayFor } from "./conditions";

export interface SubscriptionActions {
  /** Opens the provider's hosted checkout (subscribe, or reactivate). */
  startCheckout(): Promise<void>;
  acceptTerms(): Promise<void>;
  /** Asks the server for news (the provider's confirmation) now. */
  refresh(): Promise<void>;
  logout(): void;
}

interface Props {
  user: User | null;
  org: BillingOrganization | null;
  location: { pathname: string; search: string };
  actions: SubscriptionActions;
}

/** How often the completing overlay asks for news while it waits. */
export const COMPLETING_POLL_MS = 2000;

function FullScreen({ title, children, actions, busy }: { title: string; children: ReactNode; actions: ReactNode; busy?: boolean }) {
  const titleId = useId();
  return (
    <Dialog open fullScreen aria-labelledby={titleId} aria-busy={busy || undefined}>
      <Box sx={{ display: "flex", flexDirection: "column", justifyContent: "center", minHeight: "100%", maxWidth: 560, mx: "auto", px: 3, py: 5 }}>
        <DialogTitle id={titleId} sx={{ px: 0 }}>
          {title}
        </DialogTitle>
        <DialogContent sx={{ px: 0, flexGrow: 0 }}>
          <Stack spacing={3}>{children}</Stack>
        </DialogContent>
        <DialogActions sx={{ px: 0, flexWrap: "wrap", gap: 2, justifyContent: "flex-start" }} disableSpacing>
          {actions}
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function SubscriptionOverlays({ user, org, location, actions }: Props) {
  const [dismissed, setDismissed] = useState<ReadonlySet<Overlay>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const overlay = overlayFor(user, org, location, dismissed);
  const admin = can(user, "SETTINGS_WRITE");

  useEffect(() => setError(null), [overlay]);
  useEffect(() => {
    if (overlay !== "completingSignUp") return;
    void actions.refresh().catch(() => undefined);
    const timer = setInterval(() => void actions.refresh().catch(() => undefined), COMPLETING_POLL_MS);
    return () => clearInterval(timer);
  }, [overlay, actions]);

  if (!overlay) return null;
  const dismiss = () => setDismissed(new Set([...dismissed, overlay]));
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const failure = error && <Alert severity="error">{error}</Alert>;

  switch (overlay) {
    case "terms":
      return (
        <FullScreen
          title={t("termsTitle")}
          busy={busy}
          actions={
            <>
              <Button variant="contained" disabled={busy} onClick={() => void run(actions.acceptTerms)}>
                {busy ? t("termsAccepting") : t("termsAccept")}
              </Button>
              <Button onClick={actions.logout}>{t("logout")}</Button>
            </>
          }
        >
          <Typography>{t("termsText")}</Typography>
          <Link href="/terms.html" target="_blank" rel="noopener">
            {t("termsLink")}
          </Link>
          {failure}
        </FullScreen>
      );
    case "completingSignUp":
      return (
        <FullScreen title={t("completingSignUpTitle")} busy actions={<Button onClick={dismiss}>{t("subscriptionContinue")}</Button>}>
          <Stack direction="row" spacing={3} sx={{ alignItems: "center" }}>
            <CircularProgress size={24} aria-label={t("completingSignUpTitle")} />
            <Typography>{t("completingSignUpText")}</Typography>
          </Stack>
        </FullScreen>
      );
    case "canceled":
      return (
        <FullScreen
          title={t("canceledTitle")}
          busy={busy}
          actions={
            <>
              {admin && (
                <Button variant="contained" disabled={busy} onClick={() => void run(actions.startCheckout)}>
                  {busy ? t("openingCheckout") : t("reactivate")}
                </Button>
              )}
              <Button onClick={dismiss}>{t("canceledReadOnly")}</Button>
            </>
          }
        >
          <Typography>{t("canceledText")}</Typography>
          {!admin && <Typography>{t("canceledAskAdmin")}</Typography>}
          {failure}
        </FullScreen>
      );
    case "trialStart":
      return (
        <FullScreen
          title={t("trialStartTitle")}
          busy={busy}
          actions={
            <>
              <Button variant="contained" disabled={busy} onClick={() => void run(actions.startCheckout)}>
                {busy ? t("openingCheckout") : t("startFreeTrial")}
              </Button>
              <Button onClick={dismiss}>{t("trialLater")}</Button>
            </>
          }
        >
          <Typography>{t("trialStartText")}</Typography>
          <Typography>{t("trialPlan", { plan: t(org?.plan === "Enterprise" ? "planEnterprise" : org?.plan === "EMS" ? "planEms" : "planBasic") })}</Typography>
          {failure}
        </FullScreen>
      );
  }
}
