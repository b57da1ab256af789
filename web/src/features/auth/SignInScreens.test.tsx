// @vitest-environment jsdom
import { ThemeProvider } from "@mui/material";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RequireAuth } from "../../auth/RequireAuth";
import { theme } from "../../ui/theme";
import { AuthProvider, useAuth } from "../../auth/AuthProvider";
import { type Session, loadSession, saveSession } from "../../auth/session";
import { setViewportWidth } from "../../test/render";
import { WhereAmI } from "../../test/renderScreen";
import { LoginPage } from "./LoginPage";
import { SetPasswordPage } from "./SetPasswordPage";
import { SignUpPage } from "./SignUpPage";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const NOT_ON_WEB = "Your account may not sign in to the web app. Ask an administrator for the Web Login permission.";
const PHONE_ONLY = "Your password is set. Your account may sign in only to the phone app: install Fieldtag on your phone and sign in there.";

const session = (expires: string): Session => ({
  user: { id: "u1", orgId: "o1", name: "Ann", email: "ann@acme.ca", permissions: ["*.*"] },
  token: "access",
  expires,
  refreshToken: "refresh",
});

/** A signed-in screen that calls the API as soon as it shows. */
function Caller() {
  const { client } = useAuth();
  useEffect(() => void client.request("GET", "/organizations/o1").catch(() => undefined), [client]);
  return <p>Signed in</p>;
}

type Reply = { status: number; body?: unknown };

function show(path: string, answer: (method: string, path: string, body: unknown) => Reply) {
  setViewportWidth(1280);
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? "GET", path: new URL(String(input)).pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const { status, body } = answer(call.method, call.path, call.body);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  const router = createMemoryRouter(
    [
      { path: "/", element: <LoginPage /> },
      { path: "/sign-up/*", element: <SignUpPage /> },
      { path: "/accept-invite", element: <SetPasswordPage /> },
      { path: "/change-password", element: <SetPasswordPage /> },
      { path: "/sites", element: <RequireAuth><Caller /></RequireAuth> },
      { path: "*", element: <WhereAmI /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ThemeProvider theme={theme}>
      <AuthProvider fetchFn={fetch as unknown as typeof globalThis.fetch}>
        <RouterProvider router={router} />
      </AuthProvider>
    </ThemeProvider>,
  );
  return { calls, router };
}

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole("textbox", { name: /^Email/ }), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole("button", { name: "Login" }));
}

describe("login", () => {
  it("shows the server's reason when the account may not sign in to this app, not 'Login Failed'", async () => {
    show("/", () => ({ status: 403, body: { code: "LoginNotAllowed", message: NOT_ON_WEB, contextId: "c1" } }));
    await logIn("ann@acme.ca", "correct horse");
    expect(await screen.findByText(NOT_ON_WEB)).toBeTruthy();
    expect(screen.queryByText("Login Failed")).toBeNull();
  });

  it("still says 'Login Failed' and 'Credentials are not valid' for a wrong password", async () => {
    show("/", () => ({ status: 401, body: { code: "CredentialsNotValid", message: "x" } }));
    await logIn("ann@acme.ca", "wrong");
    expect(await screen.findByText("Credentials are not valid")).toBeTruthy();
    expect(screen.getByText("Login Failed")).toBeTruthy();
  });

  it("ends a session whose refresh is refused for this app, and the login screen says why", async () => {
    saveSession(session("2000-01-01T00:00:00.000Z"));
    const { router } = show("/sites", (method, path) =>
      method === "POST" && path === "/api/token" ? { status: 403, body: { code: "LoginNotAllowed", message: NOT_ON_WEB } } : { status: 200, body: {} },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByText(NOT_ON_WEB)).toBeTruthy();
    // It stays: the login screen starts clean of earlier attempts, not of why the session ended.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByText(NOT_ON_WEB)).toBeTruthy();
    expect(loadSession()).toBeNull();
  });
});

describe("sign-up", () => {
  it("sends the terms version, and shows the server's own words when it refuses", async () => {
    const user = userEvent.setup();
    const { calls } = show("/sign-up", () => ({ status: 400, body: { code: "TermsNotAccepted", message: "You must agree to the terms and conditions" } }));
    await user.type(await screen.findByRole("textbox", { name: /^Email/ }), "ann@acme.ca");
    await user.type(screen.getByLabelText(/^Password/), "correct horse");
    await user.type(screen.getByRole("textbox", { name: /^Name/ }), "Ann Lee");
    await user.type(screen.getByRole("textbox", { name: /^Company Name/ }), "Acme Fire");
    await user.click(screen.getByRole("switch", { name: "I agree to the terms and conditions" }));
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("You must agree to the terms and conditions")).toBeTruthy();
    expect(screen.queryByText(/Ensure the email/)).toBeNull();
    expect(calls[0]?.body).toMatchObject({ acceptedTermsVersion: "1.0.1" });
  });
});

describe("sign-up says what is wrong", () => {
  const SHORT = "Password must be at least 8 characters";
  const TAKEN = "Sign-Up Failed. Ensure the email is not already is use.";

  async function fill(password: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /^Email/ }), "ann@acme.ca");
    await user.type(screen.getByLabelText(/^Password/), password);
    await user.type(screen.getByRole("textbox", { name: /^Name/ }), "Ann Lee");
    await user.type(screen.getByRole("textbox", { name: /^Company Name/ }), "Acme Fire");
    await user.click(screen.getByRole("switch", { name: "I agree to the terms and conditions" }));
    return user;
  }

  it("shows the password rule before anything is typed, and no error on arrival", async () => {
    show("/sign-up", () => ({ status: 200 }));
    const password = await screen.findByLabelText(/^Password/);
    expect(screen.getByText("At least 8 characters")).toBeTruthy();
    expect(password.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.queryAllByRole("img", { name: "Required" })).toHaveLength(0);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("names a short password under the field and at Sign Up, without calling the server", async () => {
    const { calls } = show("/sign-up", () => ({ status: 200 }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Password/), "short");
    // Not mid-word: once the field is left.
    expect(screen.queryByText(SHORT)).toBeNull();
    await user.click(screen.getByRole("textbox", { name: /^Name/ }));
    expect(screen.getByText(SHORT)).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Password/));
    await fill("short");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", SHORT);
    expect(screen.queryByText(/Ensure the email/)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("shows the empty fields' errors once Sign Up is pressed", async () => {
    const user = userEvent.setup();
    show("/sign-up", () => ({ status: 200 }));
    await user.click(await screen.findByRole("button", { name: "Sign Up" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please fill out all fields");
    expect(screen.getAllByRole("img", { name: "Required" })).toHaveLength(4);
  });

  for (const [label, reply, words] of [
    ["a taken email", { status: 409, body: { code: "SignUpFailed", message: TAKEN } }, TAKEN],
    ["the server's password rule", { status: 400, body: { code: "BadRequest", message: SHORT } }, SHORT],
    ["an email the server refuses", { status: 400, body: { code: "BadRequest", message: "Email is not valid" } }, "Email is not valid"],
    ["a server error", { status: 500, body: { code: "Internal", message: "Server error", contextId: "ctx-1" } }, "Server error"],
  ] as const) {
    it(`names the cause of a refusal: ${label}`, async () => {
      show("/sign-up", () => reply);
      const user = await fill("correct horse");
      await user.click(screen.getByRole("button", { name: "Sign Up" }));
      expect((await screen.findByRole("alert")).textContent).toBe(words);
    });
  }

  it("says the device is offline, not that the email may be taken, when the server cannot be reached", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const router = createMemoryRouter([{ path: "/sign-up/*", element: <SignUpPage /> }], { initialEntries: ["/sign-up"] });
    render(
      <ThemeProvider theme={theme}>
        <AuthProvider fetchFn={fetch as unknown as typeof globalThis.fetch}>
          <RouterProvider router={router} />
        </AuthProvider>
      </ThemeProvider>,
    );
    await fill("correct horse");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Device is offline");
  });

  it("sends the password trimmed, as login sends it", async () => {
    const { calls } = show("/sign-up", () => ({ status: 409, body: { code: "SignUpFailed", message: TAKEN } }));
    const user = await fill("  correct horse  ");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    await screen.findByRole("alert");
    expect(calls[0]?.body).toMatchObject({ password: "correct horse" });
  });
});

describe("setting a password from a link", () => {
  it("an invite shows the inviting organisation's name and logo, asked with the link's token", async () => {
    const { calls } = show("/accept-invite?userId=u1&token=t1", (method, path) =>
      method === "GET" && path === "/api/users/u1/invitation"
        ? { status: 200, body: { data: { organizationName: "Acme Fire", logoUrl: "/api/files/o1/logos/abc.png?expires=1&signature=s" } } }
        : { status: 404, body: {} },
    );
    expect(await screen.findByText("Acme Fire invited you to Fieldtag. Choose your password to join.")).toBeTruthy();
    const logo = screen.getByRole("img", { name: "Acme Fire logo" }) as HTMLImageElement;
    expect(logo.src).toBe(`${location.origin}/api/files/o1/logos/abc.png?expires=1&signature=s`);
    expect(calls).toEqual([{ method: "GET", path: "/api/users/u1/invitation", body: undefined }]);
    expect(screen.getByRole("button", { name: "Set Password" })).toBeTruthy();
  });

  it("an invite without a logo shows the name only; a reset link asks nothing", async () => {
    show("/accept-invite?userId=u1&token=t1", () => ({ status: 200, body: { data: { organizationName: "Acme Fire", logoUrl: null } } }));
    expect(await screen.findByText("Acme Fire invited you to Fieldtag. Choose your password to join.")).toBeTruthy();
    expect(screen.queryByRole("img", { name: /logo/ })).toBeNull();
    cleanup();
    const { calls } = show("/change-password?userId=u1&token=t1", () => ({ status: 200, body: {} }));
    await screen.findByRole("button", { name: "Set Password" });
    expect(calls).toEqual([]);
  });

  it("tells an invited user who signs in on the phone app only to install it on their phone", async () => {
    show("/accept-invite?userId=u1&token=t1", () => ({ status: 200, body: { data: { organizationName: "Acme Fire", logoUrl: null, phoneOnly: true } } }));
    const hint = await screen.findByRole("region", { name: "Install Fieldtag on your phone" });
    expect(hint.textContent).toContain(`open ${location.origin} in the phone's browser`);
    expect(hint.textContent).toContain("Add to Home Screen");
    expect(screen.getByRole("button", { name: "Set Password" })).toBeTruthy();
    cleanup();
    show("/accept-invite?userId=u1&token=t1", () => ({ status: 200, body: { data: { organizationName: "Acme Fire", logoUrl: null, phoneOnly: false } } }));
    await screen.findByText("Acme Fire invited you to Fieldtag. Choose your password to join.");
    expect(screen.queryByRole("region", { name: "Install Fieldtag on your phone" })).toBeNull();
  });

  it("says the password is set and where to sign in when this app is not allowed", async () => {
    const user = userEvent.setup();
    show("/accept-invite?userId=u1&token=t1", () => ({ status: 403, body: { code: "PasswordSetLoginNotAllowed", message: PHONE_ONLY } }));
    await user.type(await screen.findByLabelText(/^New Password/), "correct horse");
    await user.click(screen.getByRole("button", { name: "Set Password" }));
    const said = await screen.findByText(PHONE_ONLY);
    expect(said.closest("[role=alert]")?.className).not.toMatch(/Error/);
    expect(screen.queryByRole("button", { name: "Set Password" })).toBeNull();
    expect(loadSession()).toBeNull();
  });

  it("says when the link is not valid", async () => {
    const user = userEvent.setup();
    show("/accept-invite?userId=u1&token=t1", () => ({ status: 401, body: { code: "InvalidLinkToken", message: "This link is invalid or has expired. Ask for a new one." } }));
    await user.type(await screen.findByLabelText(/^New Password/), "correct horse");
    await user.click(screen.getByRole("button", { name: "Set Password" }));
    expect(await screen.findByText("The link is not valid or has expired")).toBeTruthy();
  });
});
