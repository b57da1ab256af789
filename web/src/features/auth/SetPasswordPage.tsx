/**
 * /accept-invite and /change-password (§2): sets a password with the userId and token of an
 * invite or reset link, then signs in. Without both in the query it does nothing but say so.
 * When the account may not sign in to this app, the password is still set: the server's words
 * say so and where to sign in instead. An invite link first shows the inviting organisation's
 * name and logo (asked with the link's token) and, to a user who signs in on the phone app only
 * (the Technician preset), how to install it on their phone; after sign-in the terms prompt
 * follows, as for anyone who has not accepted the current terms.
 */
import { Alert, AlertTitle, Box, Button, Link, Stack, TextField, Typography } from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/types";
import { type Invitation, invitationOf, setPasswordFromLink } from "../../api/users";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { SignInFrame } from "./SignInFrame";

export function SetPasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = params.get("userId")?.trim() ?? "";
  const token = params.get("token")?.trim() ?? "";
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [setElsewhere, setSetElsewhere] = useState<string | null>(null);
  const invite = useLocation().pathname === "/accept-invite";
  const [invitation, setInvitation] = useState<Invitation | null>(null);

  useEffect(() => {
    if (!invite || !userId || !token) return;
    let current = true;
    // Without an answer (offline, a spent link) the page is the plain form; setting the password says why.
    invitationOf(auth.client, userId, token)
      .then((found) => current && setInvitation(found))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [invite, auth.client, userId, token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password.trim()) {
      setProblem(t("fillAllFields"));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const session = await setPasswordFromLink(auth.client, userId, token, password.trim());
      auth.begin(session);
      navigate("/sites", { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === "PasswordSetLoginNotAllowed") setSetElsewhere(error.message);
      else setProblem(error instanceof ApiError && error.kind === "api" && error.status === 401 ? t("setPasswordFailed") : (error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (!userId || !token) {
    return (
      <SignInFrame title={t("setPassword")}>
        <Alert severity="info">{t("linkIncomplete")}</Alert>
      </SignInFrame>
    );
  }
  if (setElsewhere) {
    return (
      <SignInFrame title={t("setPassword")}>
        <Stack spacing={4}>
          <Alert severity="success">{setElsewhere}</Alert>
          <Link component={RouterLink} to="/" sx={{ textAlign: "center" }}>
            {t("login")}
          </Link>
        </Stack>
      </SignInFrame>
    );
  }
  return (
    <SignInFrame title={t("setPassword")}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={4}>
          {invitation && (
            <Stack spacing={3} sx={{ alignItems: "center", textAlign: "center" }}>
              {invitation.logoUrl && (
                <Box component="img" src={invitation.logoUrl} alt={t("organizationLogo", { name: invitation.organizationName })} sx={{ maxWidth: "100%", maxHeight: 96, objectFit: "contain" }} />
              )}
              <Typography>{t("invitedBy", { name: invitation.organizationName })}</Typography>
            </Stack>
          )}
          {invitation?.phoneOnly && (
            <Alert severity="info" role="region" aria-label={t("installOnPhone")}>
              <AlertTitle>{t("installOnPhone")}</AlertTitle>
              {t("installOnPhoneText", { address: globalThis.location.origin })}
            </Alert>
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField
            label={t("newPassword")}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t("setPassword")}
          </Button>
        </Stack>
      </Box>
    </SignInFrame>
  );
}
