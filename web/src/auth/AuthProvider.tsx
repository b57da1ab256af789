/**
 * Who is signed in, and the API client that acts for them. Statuses follow §4 Auth:
 * unauthenticated → authenticating → authenticated or error; a stored session restores to
 * authenticated at start-up; a deleted or fake refresh token clears the session (error).
 */
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { createApiClient } from "../api/client";
import { openDemoSession } from "../api/users";
import { type ApiClient, ApiError } from "../api/types";
import { t } from "../lib/strings";
import { SESSION_KEY, type Session, type User, loadSession, saveSession } from "./session";

export type AuthStatus = "unauthenticated" | "authenticating" | "authenticated" | "error";

/** Why signing in failed: the title of §8 (none when the server's words say it all) and what went wrong. */
export interface AuthFailure {
  title?: string;
  detail: string;
  /** The session ended (a refresh refused): the login screen keeps saying why. */
  sessionEnded?: boolean;
}

export interface SignUpForm {
  name: string;
  email: string;
  password: string;
  organizationName: string;
  plan: "Basic" | "Enterprise";
  allowMarketingEmails: boolean;
  acceptedTermsVersion: string;
}

export interface AuthValue {
  status: AuthStatus;
  user: User | null;
  failure: AuthFailure | null;
  /** The user signed out here (not a visitor who never signed in): no 'from' to return to. */
  signedOut: boolean;
  client: ApiClient;
  login(email: string, password: string): Promise<boolean>;
  signUp(form: SignUpForm): Promise<boolean>;
  /** Signs in to a new throw-away demo organisation (POST /api/demo). */
  openDemo(): Promise<boolean>;
  /** Starts the session a login-like answer holds (sign-up, accepted invite). */
  begin(session: Session): void;
  /** Forgets the last failure (each sign-in screen starts clean), but not why a session ended. */
  clearFailure(): void;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children, fetchFn }: { children: ReactNode; fetchFn?: typeof fetch }) {
  const [session, setSession] = useState<Session | null>(loadSession);
  const [status, setStatus] = useState<AuthStatus>(session ? "authenticated" : "unauthenticated");
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const clearFailure = useCallback(() => setFailure((last) => (last?.sessionEnded ? last : null)), []);

  // Another tab signed out, or signed in as someone else: this tab follows. A refresh in
  // another tab only hands this one the new tokens.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== SESSION_KEY && event.key !== null) return;
      const next = loadSession();
      if (next?.user.id === session?.user.id && next?.user.orgId === session?.user.orgId) setSession(next);
      else globalThis.location.reload();
    };
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, [session]);

  const value = useMemo<AuthValue>(() => {
    // The client reads the session from storage so that every tab sees a refresh at once.
    const client = createApiClient({
      fetch: fetchFn,
      session: {
        get: loadSession,
        set(next, reason) {
          saveSession(next);
          setSession(next);
          if (!next) {
            setStatus("error");
            const detail = reason?.message ?? t("refreshTokenDeletedOrFake");
            setFailure(reason?.code === "LoginNotAllowed" ? { detail, sessionEnded: true } : { title: t("loginFailed"), detail, sessionEnded: true });
          }
        },
      },
    });

    const begin = (next: Session) => {
      saveSession(next);
      setSession(next);
      setStatus("authenticated");
      setFailure(null);
      setSignedOut(false);
    };

    const fail = (error: unknown, title: string) => {
      const detail =
        error instanceof ApiError && error.code === "CredentialsNotValid"
          ? t("credentialsNotValid")
          : error instanceof Error
            ? error.message
            : String(error);
      // An account that may not sign in to this app: the server's words say why, not 'Login Failed'.
      setFailure(error instanceof ApiError && error.code === "LoginNotAllowed" ? { detail } : { title, detail });
      setStatus("error");
      return false;
    };

    return {
      status,
      user: session?.user ?? null,
      failure,
      signedOut,
      client,
      begin,
      clearFailure,
      async login(email, password) {
        setStatus("authenticating");
        setFailure(null);
        try {
          const basic = btoa(String.fromCharCode(...new TextEncoder().encode(`${email.trim()}:${password.trim()}`)));
          begin(await client.request<Session>("POST", "/token", { auth: `Basic ${basic}` }));
          return true;
        } catch (error) {
          return fail(error, t("loginFailed"));
        }
      },
      async signUp(form) {
        setStatus("authenticating");
        setFailure(null);
        try {
          // §5: email and password are trimmed, as login sends them.
          const body = { ...form, email: form.email.trim(), password: form.password.trim() };
          begin(await client.request<Session>("POST", "/users", { auth: "none", body }));
          return true;
        } catch (error) {
          // The cause in the server's own words: 'Password must be at least 8 characters',
          // 'Email is not valid', … and, for a taken email only, 'Sign-Up Failed. Ensure the
          // email is not already is use.'; no answer reads 'Device is offline'.
          setFailure({ detail: error instanceof Error ? error.message : t("signUpFailed") });
          setStatus("error");
          return false;
        }
      },
      async openDemo() {
        setStatus("authenticating");
        setFailure(null);
        try {
          begin(await openDemoSession(client));
          return true;
        } catch (error) {
          setFailure({ title: t("demoFailed"), detail: error instanceof Error ? error.message : String(error) });
          setStatus("error");
          return false;
        }
      },
      async logout() {
        // Ends the session on the server when it can be reached; locally in any case.
        await client.request("DELETE", "/token").catch(() => undefined);
        saveSession(null);
        setSession(null);
        setStatus("unauthenticated");
        setFailure(null);
        setSignedOut(true);
      },
    };
  }, [session, status, failure, signedOut, fetchFn, clearFailure]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}
