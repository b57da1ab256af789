/**
 * Sign-up (§2): Email, Password, Name, Company Name, plan, marketing emails, terms. The
 * password's rule shows under it from the start. The checks of §5 and the server's password
 * rule run before the call, each field's once the user has touched it and all of them at Sign
 * Up; the server checks them again, and its refusal is shown in its own words. `/sign-up/...`
 * is prefix-matched: `/sign-up/enterprise` preselects that plan.
 */
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Typography,
} from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { Navigate, Link as RouterLink, useNavigate, useParams } from "react-router";
import { t } from "../../lib/strings";
import { type SignUpForm, useAuth } from "../../auth/AuthProvider";
import { isEmail } from "../../domain/email";
import { ShowFieldErrors } from "../../ui/forms/fieldErrors";
import { TextInput } from "../../ui/forms/TextInput";
import { passwordProblem } from "./passwordRule";
import { SignInFrame } from "./SignInFrame";

export const TERMS_VERSION = "1.0.1";

type Plan = SignUpForm["plan"];

/** The first problem with the form, in the wording of §5, or null. */
export function signUpProblem(form: SignUpForm, agreed: boolean): string | null {
  const filled = [form.email, form.password, form.name, form.organizationName, form.plan].every((v) => v.trim() !== "");
  if (!filled) return t("fillAllFields");
  if (!isEmail(form.email)) return t("emailNotValid");
  const password = passwordProblem(form.password);
  if (password) return password;
  if (!agreed) return t("mustAgreeToTerms");
  return null;
}

export function SignUpPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const rest = useParams()["*"] ?? "";
  const [form, setForm] = useState<SignUpForm>({
    name: "",
    email: "",
    password: "",
    organizationName: "",
    plan: rest.toLowerCase().startsWith("enterprise") ? "Enterprise" : "Basic",
    allowMarketingEmails: false,
    acceptedTermsVersion: TERMS_VERSION,
  });
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const { clearFailure } = auth;
  useEffect(() => clearFailure(), [clearFailure]);

  if (auth.status === "authenticated") return <Navigate to="/welcome" replace />;
  const busy = auth.status === "authenticating";
  const field = (name: "email" | "password" | "name" | "organizationName") => ({
    value: form[name],
    onChange: (value: string) => setForm({ ...form, [name]: value }),
    required: true,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = signUpProblem(form, agreed);
    setProblem(found);
    if (!found && (await auth.signUp(form))) navigate("/welcome", { replace: true });
  }

  return (
    <SignInFrame title={t("signUp")}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={4}>
          {problem && <Alert severity="error">{problem}</Alert>}
          {!problem && auth.failure && (
            <Alert severity="error">
              {auth.failure.title && <AlertTitle>{auth.failure.title}</AlertTitle>}
              {auth.failure.detail}
            </Alert>
          )}
          <ShowFieldErrors when={submitted}>
            <TextInput label={t("email")} type="email" autoComplete="email" {...field("email")} />
            <TextInput
              label={t("password")}
              type="password"
              autoComplete="new-password"
              helperText={t("passwordRule")}
              error={passwordProblem(form.password)}
              {...field("password")}
            />
            <TextInput label={t("name")} autoComplete="name" {...field("name")} />
            <TextInput label={t("companyName")} autoComplete="organization" {...field("organizationName")} />
          </ShowFieldErrors>
          <FormControl>
            <FormLabel id="plan-label">{t("plan")}</FormLabel>
            <RadioGroup row aria-labelledby="plan-label" value={form.plan} onChange={(e) => setForm({ ...form, plan: e.target.value as Plan })}>
              <FormControlLabel value="Basic" control={<Radio />} label={t("planBasic")} />
              <FormControlLabel value="Enterprise" control={<Radio />} label={t("planEnterprise")} />
            </RadioGroup>
          </FormControl>
          <FormControlLabel
            control={<Switch checked={form.allowMarketingEmails} onChange={(e) => setForm({ ...form, allowMarketingEmails: e.target.checked })} />}
            label={t("marketingEmails")}
          />
          <Box>
            <FormControlLabel control={<Switch checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />} label={t("agreeToTerms")} />
            <Link href="/terms.html" target="_blank" rel="noopener" variant="body2" sx={{ display: "block", ml: 7 }}>
              {t("termsLink")}
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? t("signingUp") : t("signUp")}
          </Button>
          <Typography variant="body2" sx={{ textAlign: "center" }}>
            <Link component={RouterLink} to="/">
              {t("haveAccount")}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </SignInFrame>
  );
}
