/**
 * Forgot password (web only, §2): takes an email and always answers with the fixed message,
 * so it tells nobody whether an account exists.
 */
import { Alert, Button, Stack, TextField } from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { requestPasswordReset } from "../../api/users";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";

export function ForgotPasswordDialog({ open, onClose, initialEmail }: { open: boolean; onClose: () => void; initialEmail: string }) {
  const { client } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setSent(false);
      setProblem(null);
    }
  }, [open, initialEmail]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setProblem(t("enterEmail"));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await requestPasswordReset(client, email.trim());
      setSent(true);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      title={t("forgotPassword")}
      actions={
        <>
          <Button onClick={onClose}>{sent ? t("close") : t("cancel")}</Button>
          {!sent && (
            <Button type="submit" form="forgot-password" variant="contained" disabled={busy}>
              {t("sendResetLink")}
            </Button>
          )}
        </>
      }
    >
      {sent ? (
        <Alert severity="success">{t("resetLinkSent")}</Alert>
      ) : (
        <Stack component="form" id="forgot-password" onSubmit={submit} noValidate spacing={4} sx={{ pt: 2 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField label={t("email")} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required fullWidth autoFocus />
        </Stack>
      )}
    </ResponsiveDialog>
  );
}
