// @vitest-environment jsdom
import { ThemeProvider } from "@mui/material";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "../../auth/AuthProvider";
import { loadSession } from "../../auth/session";
import { setViewportWidth } from "../../test/render";
import { WhereAmI } from "../../test/renderScreen";
import { theme } from "../../ui/theme";
import { openDemoAfterReload, takeDemoWish } from "./demoHandOff";
import { type LeaveOrganization, ExploreDemoButton } from "./ExploreDemoButton";
import { LoginPage } from "./LoginPage";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const DEMO = {
  user: { id: "d1", orgId: "demo1", name: "Dana Demo", email: "demo-1@demo.invalid", permissions: ["*.*"] },
  token: "access",
  expires: "2100-01-01T00:00:00.000Z",
  refreshToken: "refresh",
};
const TOO_MANY = "Too many demo organisations were opened: try again in an hour";

function show(width: number, reply: { status: number; body: unknown }, element = <LoginPage />) {
  setViewportWidth(width);
  const fetch = vi.fn(async () => new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "Content-Type": "application/json" } }));
  const router = createMemoryRouter([{ path: "/", element }, { path: "*", element: <WhereAmI /> }], { initialEntries: ["/"] });
  render(
    <ThemeProvider theme={theme}>
      <AuthProvider fetchFn={fetch as unknown as typeof globalThis.fetch}>
        <RouterProvider router={router} />
      </AuthProvider>
    </ThemeProvider>,
  );
  return fetch;
}

const calledPaths = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.map(([input, init]) => `${(init as RequestInit).method} ${new URL(String(input)).pathname}`);

describe("Explore a demo organisation", () => {
  it("signs in to a new demo from the login screen and lands on the dashboard on a desktop", async () => {
    const fetch = show(1280, { status: 200, body: DEMO });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Explore a demo organisation" }));
    await waitFor(() => expect(screen.getByLabelText("location").textContent).toBe("/dashboard"));
    expect(calledPaths(fetch)).toEqual(["POST /api/demo"]);
    expect(loadSession()?.user.orgId).toBe("demo1");
  });

  it("lands on the sites list on a phone", async () => {
    show(375, { status: 200, body: DEMO });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Explore a demo organisation" }));
    await waitFor(() => expect(screen.getByLabelText("location").textContent).toBe("/sites"));
  });

  it("says why when the server refuses, and stays signed out", async () => {
    show(1280, { status: 429, body: { code: "TooManyDemos", message: TOO_MANY, contextId: "c1" } });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Explore a demo organisation" }));
    expect(await screen.findByText(TOO_MANY)).toBeTruthy();
    expect(screen.getByText("The demo could not be opened")).toBeTruthy();
    expect(loadSession()).toBeNull();
  });

  it("opens the demo after the reload that leaving one's organisation ends with, not before it", () => {
    openDemoAfterReload(1_000);
    expect(takeDemoWish(500)).toBe(false);
    expect(takeDemoWish(2_000)).toBe(true);
    expect(takeDemoWish(3_000)).toBe(false);
  });

  it("opens the demo on the login screen of the page loaded after the wish", async () => {
    openDemoAfterReload(performance.timeOrigin - 1);
    const fetch = show(1280, { status: 200, body: DEMO });
    await waitFor(() => expect(screen.getByLabelText("location").textContent).toBe("/dashboard"));
    expect(calledPaths(fetch)).toEqual(["POST /api/demo"]);
  });

  it("from inside an organisation, says the user leaves it, and holds while changes are unsent", async () => {
    let unsent = 2;
    const leave: LeaveOrganization = { organizationName: "Acme Fire", unsentAfterSync: vi.fn(async () => unsent), logOut: vi.fn(async () => undefined) };
    const fetch = show(1280, { status: 200, body: DEMO }, <ExploreDemoButton leave={leave} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Explore a demo organisation" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave your organisation for the demo?" });
    expect(dialog.textContent).toContain("You will be logged out of Acme Fire");
    expect(dialog.textContent).toContain("log back in with your email and password");
    await user.click(screen.getByRole("button", { name: "Log Out and Open the Demo" }));
    expect(await screen.findByText("2 changes have not reached the server yet. Sync them first, or they would be lost.")).toBeTruthy();
    expect(leave.logOut).not.toHaveBeenCalled();

    unsent = 0;
    await user.click(screen.getByRole("button", { name: "Log Out and Open the Demo" }));
    await waitFor(() => expect(leave.logOut).toHaveBeenCalledOnce());
    expect(Number(sessionStorage.getItem("fieldtag.openDemoAfterReload"))).toBeGreaterThan(0);
    // The demo itself opens on the login screen after the reload, not here.
    expect(calledPaths(fetch)).toEqual([]);
  });
});
