/** Login (§2): email, password, 'Logging in...' while authenticating, and the ways out. */
import { Alert, AlertTitle, Box, Button, Link, Stack, TextField, Typography } from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { ForgotPasswordDialog } from "./ForgotPasswordDialog";
import { ServerAddressDialog } from "./ServerAddressDialog";
import { SignInFrame } from "./SignInFrame";

/** Where to go after signing in: the guard's 'from' target when it is a path of this site, else /sites. */
export function afterSignIn(from: string | null, origin = globalThis.location?.origin ?? "http://localhost"): string {
  if (!from?.startsWith("/")) return "/sites";
  try {
    const url = new URL(from, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : "/sites";
  } catch {
    return "/sites";
  }
}

export function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [forgotOpen, setForgotOpen] = useState(false);
  const [serverOpen, setServerOpen] = useState(false);
  const target = afterSignIn(params.get("from"));
  const { clearFailure } = auth;
  useEffect(() => clearFailure(), [clearFailure]);

  if (auth.status === "authenticated") return <Navigate to={target} replace />;
  const busy = auth.status === "authenticating";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await auth.login(email, password)) navigate(target, { replace: true });
  }

  return (
    <SignInFrame title={t("login")}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={4}>
          {auth.failure && (
            <Alert severity="error">
              {auth.failure.title && <AlertTitle>{auth.failure.title}</AlertTitle>}
              {auth.failure.detail}
            </Alert>
          )}
          <TextField label={t("email")} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required fullWidth />
          <TextField
            label={t("password")}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? t("loggingIn") : t("login")}
          </Button>
          <Typography variant="body2" sx={{ textAlign: "center" }}>
            <Link component={RouterLink} to="/sign-up">
              {t("noAccount")}
            </Link>
          </Typography>
          <Stack direction="row" sx={{ justifyContent: "space-between" }}>
            <Button size="small" onClick={() => setForgotOpen(true)}>
              {t("forgotPassword")}
            </Button>
            <Button size="small" onClick={() => setServerOpen(true)}>
              {t("apiBaseUrl")}
            </Button>
          </Stack>
        </Stack>
      </Box>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={email} />
      <ServerAddressDialog open={serverOpen} onClose={() => setServerOpen(false)} />
    </SignInFrame>
  );
}
