// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { importRoutes } from "../../features/imports/routes";
import { ORG, closeHarnesses, renderScreen } from "../../test/renderScreen";
import { SettingsPage } from "./SettingsPage";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  closeHarnesses();
});

async function hub(permissions: string[], org: Record<string, unknown> = {}) {
  const acme = { id: ORG, name: "Acme Fire", enabledFeatures: [], ...org };
  await renderScreen({
    path: "/settings",
    routes: [{ path: "/settings", element: <SettingsPage /> }, ...importRoutes],
    permissions,
    records: [["organization", acme]],
    http: {
      [`GET /api/organizations/${ORG}`]: { status: 200, body: { ...acme, lastUpdated: "2026-11-20T10:00:00.000Z" } },
      [`GET /api/imports`]: { status: 200, body: { data: [] } },
    },
  });
  return within(await screen.findByRole("list", { name: "Settings screens" }));
}

describe("Settings hub", () => {
  it("lists the settings screens with full titles, beside the sync panel", async () => {
    const list = await hub(["*.*"], { enabledFeatures: ["SERVICE_MONTHS"] });
    const names = list.getAllByRole("link").map((link) => link.textContent);
    expect(names.slice(0, 3)).toEqual(["Profile", "Organization", "Preferences"]);
    expect(names).toContain("Users");
    expect(await screen.findByRole("button", { name: "Sync Now" })).toBeTruthy();
  });
});

describe("the Settings hub's Analytics entry", () => {
  it("is there for administrators only", async () => {
    const list = await hub(["*.*"]);
    expect(list.getByRole("link", { name: "Analytics" }).getAttribute("href")).toBe("/analytics");
    cleanup();
    closeHarnesses();
    const office = await hub(["WEB_LOGIN", "SETTINGS_READ"]);
    expect(office.queryByRole("link", { name: "Analytics" })).toBeNull();
  });
});

describe("the Settings hub's Export Data entry", () => {
  it("opens the Export Data dialog for those who may read settings, and is not there for others", async () => {
    const list = await hub(["*.*"]);
    await userEvent.setup().click(list.getByRole("button", { name: "Export Data" }));
    expect(await screen.findByRole("dialog", { name: "Export Data" })).toBeTruthy();
    cleanup();
    closeHarnesses();
    const member = await hub(["WEB_LOGIN", "LOCATION_READ"]);
    expect(member.queryByRole("button", { name: "Export Data" })).toBeNull();
  });
});

describe("the Settings hub's import entries", () => {
  it("opens the Import Data dialog, and links to Imports and the CSV import", async () => {
    const user = userEvent.setup();
    const list = await hub(["*.*"]);
    expect(list.getByRole("link", { name: "Imports" }).getAttribute("href")).toBe("/imports");
    expect(list.getByRole("link", { name: "CSV Import" }).getAttribute("href")).toBe("/imports/csv");
    await user.click(list.getByRole("button", { name: "Import Data" }));
    expect(await screen.findByRole("dialog", { name: "Import Data" })).toBeTruthy();
  });

  it("without SETTINGS_WRITE, shows Import Data and CSV Import disabled with the reason", async () => {
    const list = await hub(["SETTINGS_READ"]);
    expect(list.getByRole("link", { name: "Imports" })).toBeTruthy();
    const importData = list.getByRole("button", { name: /^Import Data/ });
    expect(importData.getAttribute("aria-disabled")).toBe("true");
    expect(within(importData).getByText("Starting an import needs the Edit Settings permission.")).toBeTruthy();
    const csv = list.getByRole("link", { name: /^CSV Import/ });
    expect(csv.getAttribute("aria-disabled")).toBe("true");
    expect(csv.getAttribute("tabindex")).toBe("-1");
  });
});
