/**
 * Login (§2): email, password, 'Logging in...' while authenticating, and the ways out — and a
 * demo organisation to explore without an account. Signed in, the user goes to the page the
 * guard was asked for, else to their landing (landing.ts).
 */
import { Alert, AlertTitle, Box, Button, Link, Stack, TextField, Typography } from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { Navigate, Link as RouterLink, useSearchParams } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { useDevice } from "../../ui/theme";
import { takeDemoWish } from "./demoHandOff";
import { ExploreDemoButton } from "./ExploreDemoButton";
import { ForgotPasswordDialog } from "./ForgotPasswordDialog";
import { afterSignIn, landingPath } from "./landing";
import { ServerAddressDialog } from "./ServerAddressDialog";
import { SignInFrame } from "./SignInFrame";

export function LoginPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [forgotOpen, setForgotOpen] = useState(false);
  const [serverOpen, setServerOpen] = useState(false);
  const device = useDevice();
  const target = afterSignIn(params.get("from"), landingPath(auth.user, device));
  const { clearFailure, openDemo, status } = auth;
  useEffect(() => clearFailure(), [clearFailure]);
  // The user left their organisation for the demo from inside the app, and the page reloaded.
  useEffect(() => {
    if (status !== "authenticated" && takeDemoWish()) void openDemo();
  }, [openDemo, status]);

  if (auth.status === "authenticated") return <Navigate to={target} replace />;
  const busy = auth.status === "authenticating";

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Signed in, the next render goes on to the target: the landing depends on who it is.
    await auth.login(email, password);
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
          <ExploreDemoButton />
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
