// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DESKTOP, PHONE, closeHarnesses, renderScreen } from "../../test/renderScreen";
import { routes as appRoutes } from "../routes";
import { parentPath } from "./BackButton";
import { Shell } from "./Shell";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const show = (path: string, width: number, before?: string[]) =>
  renderScreen({
    path,
    before,
    width,
    routes: [
      {
        element: <Shell parentOf={(pathname) => parentPath(pathname, appRoutes)} />,
        children: [
          { path: "/sites", element: <h1>Sites list</h1> },
          { path: "/settings", element: <h1>Settings hub</h1> },
          { path: "/sites/:locationId/equipment/new", element: <h1>New equipment</h1> },
        ],
      },
    ],
  });

const bar = () => screen.getByRole("banner");

describe("the shell on a phone", () => {
  it("keeps logout out of the one-line bar, and lists every menu entry once, with logout and the footer's lines", async () => {
    const user = userEvent.setup();
    await show("/sites", PHONE);
    await screen.findByRole("heading", { name: "Sites list" });
    expect(within(bar()).queryByRole("button", { name: "Logout" })).toBeNull();
    // No footer on a phone: its lines are in the menu.
    expect(screen.queryByRole("contentinfo")).toBeNull();
    expect(screen.queryByText(/^Version /)).toBeNull();

    await user.click(within(bar()).getByRole("button", { name: "Menu" }));
    const menu = await screen.findByRole("navigation", { name: "Navigation" });
    const entries = within(menu).getAllByRole("link").map((link) => link.textContent);
    expect(entries.filter((entry) => entry === "Settings")).toHaveLength(1);
    expect(entries).toContain("Profile");
    expect(new Set(entries).size).toBe(entries.length);
    const drawer = menu.closest(".MuiDrawer-paper") as HTMLElement;
    expect(within(drawer).getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(within(drawer).getByText(/^© \d{4} Fieldtag$/)).toBeTruthy();
    expect(within(drawer).getByText(/^Version /)).toBeTruthy();
  });

  it("has no back control on a top-level screen", async () => {
    await show("/sites", PHONE);
    await screen.findByRole("heading", { name: "Sites list" });
    expect(within(bar()).queryByRole("button", { name: "Back" })).toBeNull();
  });

  it("offers Back on a sub-screen, to where the user came from", async () => {
    const user = userEvent.setup();
    const { router } = await show("/sites/abc/equipment/new", PHONE, ["/settings"]);
    await screen.findByRole("heading", { name: "New equipment" });
    await user.click(within(bar()).getByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
  });

  it("offers Back on a sub-screen opened directly, to the screen above it", async () => {
    const user = userEvent.setup();
    const { router } = await show("/sites/abc/equipment/new", PHONE);
    await screen.findByRole("heading", { name: "New equipment" });
    await user.click(within(bar()).getByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/sites/abc"));
  });
});

describe("the shell on a desktop", () => {
  it("shows logout in the bar and the footer with copyright and version", async () => {
    await show("/sites", DESKTOP);
    await screen.findByRole("heading", { name: "Sites list" });
    expect(within(bar()).getByRole("button", { name: "Logout" })).toBeTruthy();
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByText(/^© \d{4} Fieldtag$/)).toBeTruthy();
    expect(within(footer).getByText(/^Version /)).toBeTruthy();
    expect(within(bar()).queryByRole("button", { name: "Back" })).toBeNull();
  });
});
