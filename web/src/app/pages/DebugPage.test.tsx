// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HERE, THERE, currentLocation, device, hex, item, renderScreen, signIn, site } from "../../test/equipment/scanning";
import type { TestTab } from "../../test/fakeSync";
import { RouteErrorPage } from "../../ui/crash/RouteErrorPage";
import { DebugPage } from "./DebugPage";

let tab: TestTab | null = null;

async function openDebug(sendLog = vi.fn()) {
  signIn();
  tab = await device({
    locations: [site(THERE, "North Warehouse"), site(HERE, "Main Plant")],
    equipment: [item(hex(1), HERE, "Lobby", "FT-100"), item(hex(2), THERE, "Dock", "FT-200")],
  });
  renderScreen(tab, { path: "/debug", routes: [{ path: "/debug", element: <DebugPage />, errorElement: <RouteErrorPage sendLog={sendLog} onReload={() => {}} /> }] });
  return sendLog;
}

describe("the debug screen", { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    tab?.close();
    tab = null;
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it("simulates a scan at the chosen site: the scan flow runs as for a camera scan there", async () => {
    await openDebug();
    const simulate = screen.getByRole("button", { name: "Simulate scan" });
    expect(simulate.hasAttribute("disabled")).toBe(true);
    // The first site by name is chosen: Main Plant.
    expect((await screen.findByRole("combobox", { name: "Site" })).textContent).toBe("Main Plant");
    await userEvent.type(screen.getByRole("textbox", { name: "Barcode" }), "FT-100");
    await userEvent.click(simulate);
    await waitFor(() => expect(currentLocation()).toBe(`/sites/${HERE}/equipment-tag/${hex(1)}`));
  });

  it("a scan at one site of another site's barcode switches locations", async () => {
    await openDebug();
    await screen.findByRole("combobox", { name: "Site" });
    await userEvent.type(screen.getByRole("textbox", { name: "Barcode" }), "FT-200{Enter}");
    expect(await screen.findByText("Found the equipment at North Warehouse. Switching locations.")).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe(`/sites/${THERE}/equipment-tag/${hex(2)}`));
  });

  it("forces an error: the crash page shows and the log is sent", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const sendLog = await openDebug();
    await userEvent.click(screen.getByRole("button", { name: "Force error" }));
    expect(await screen.findByText("An error ocurred while trying to show this page.")).toBeTruthy();
    expect(sendLog).toHaveBeenCalledWith(expect.objectContaining({ level: "error", message: expect.stringContaining("Forced error from the debug screen") }));
  });
});
