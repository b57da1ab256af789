// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ORG, closeHarnesses, renderScreen } from "../../../test/renderScreen";
import { settingsRoutes } from "../routes";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const ACME = { id: ORG, name: "Acme Fire", email: "ops@acme.ca", enabledFeatures: [] as string[], lastUpdated: "2026-11-20T10:00:00.000Z" };
const ORG_PATH = `/api/organizations/${ORG}`;
const COUNTS = { enabled: true, counts: { NAVIGATION: 12, EDIT: 3, SCHEDULE: 0, REPORTS: 2, SERVICE: 7, EQUIPMENT: 1, SUBSCRIPTION: 0 } };

function open(options: { permissions?: string[]; org?: Record<string, unknown> } = {}) {
  const org = { ...ACME, ...options.org };
  return renderScreen({
    path: "/analytics",
    before: ["/settings"],
    routes: settingsRoutes,
    permissions: options.permissions,
    records: [["organization", org]],
    http: {
      [`GET ${ORG_PATH}`]: { status: 200, body: org },
      "GET /api/analytics/counts": { status: 200, body: COUNTS },
      [`PATCH ${ORG_PATH}`]: { status: 200, body: { ...org, analyticsDisabled: true, lastUpdated: "2026-11-21T10:00:00.000Z" } },
    },
  });
}

describe("Analytics settings", () => {
  it("shows the counts per category and turns analytics off for the organisation", async () => {
    const user = userEvent.setup();
    const harness = await open();
    const table = await screen.findByRole("table", { name: "Events per category" });
    await waitFor(() => expect(within(table).getByRole("row", { name: "Navigation 12" })).toBeTruthy());
    expect(within(table).getByRole("row", { name: "Services 7" })).toBeTruthy();
    const counted = harness.fetch.mock.calls.map(([url]) => String(url)).find((url) => url.includes("/analytics/counts"));
    expect(counted).toContain(`orgId=${ORG}`);

    const toggle = screen.getByRole("switch", { name: "Collect analytics for this organization" });
    expect(toggle).toHaveProperty("checked", true);
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty("checked", false));
    const patch = harness.fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === "PATCH");
    expect(JSON.parse(String((patch?.[1] as RequestInit).body))).toEqual({ data: { analyticsDisabled: true } });
    expect(screen.getByText(/Analytics are off/)).toBeTruthy();
  });

  it("asks for counts since a date", async () => {
    const user = userEvent.setup();
    const harness = await open();
    await screen.findByRole("table", { name: "Events per category" });
    await user.click(screen.getByRole("combobox", { name: "Since" }));
    await user.click(await screen.findByRole("option", { name: "Last 30 days" }));
    await waitFor(() => expect(harness.fetch.mock.calls.some(([url]) => /since=\d{4}-\d{2}-\d{2}/.test(String(url)))).toBe(true));
  });

  it("is for administrators only", async () => {
    const harness = await open({ permissions: ["WEB_LOGIN", "SETTINGS_READ"] });
    expect(await screen.findByText("Only administrators (SETTINGS_WRITE) may see analytics.")).toBeTruthy();
    expect(screen.queryByRole("switch")).toBeNull();
    expect(harness.fetch.mock.calls.some(([url]) => String(url).includes("/analytics/counts"))).toBe(false);
  });
});
