// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { settingsRoutes } from "../settings/routes";
import { ORG, closeHarnesses, renderScreen } from "../sites/testing";
import { importRoutes } from "./routes";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  closeHarnesses();
});

async function hub(permissions: string[]) {
  await renderScreen({
    path: "/settings",
    routes: [...settingsRoutes, ...importRoutes],
    permissions,
    records: [["organization", { id: ORG, name: "Acme Fire", enabledFeatures: [] }]],
    http: { [`GET /api/imports`]: { status: 200, body: { data: [] } } },
  });
  return within(await screen.findByRole("list", { name: "Settings screens" }));
}

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
