// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Answer, ORG, closeHarnesses, renderScreen } from "../../../test/renderScreen";
import { firstSection } from "../../../test/pickers";
import { settingsRoutes } from "../routes";

vi.setConfig({ testTimeout: 30_000 });

beforeAll(() => {
  URL.createObjectURL ??= () => "blob:test";
  URL.revokeObjectURL ??= () => {};
});

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const ACME = { id: ORG, name: "Acme Fire", email: "ops@acme.ca", lastDateMinimumGranularity: "day", enabledFeatures: [] as string[], showSiteSelector: false };
const ORG_PATH = `/api/organizations/${ORG}`;

async function open(path: string, options: { permissions?: string[]; http?: Record<string, Answer>; org?: Record<string, unknown> | null } = {}) {
  const org = options.org === null ? null : { ...ACME, ...options.org };
  return renderScreen({
    path,
    before: ["/settings"],
    routes: settingsRoutes,
    permissions: options.permissions,
    records: org ? [["organization", org]] : [],
    http: { [`GET ${ORG_PATH}`]: org ? { status: 200, body: { ...org, lastUpdated: "2026-11-20T10:00:00.000Z" } } : "offline", ...options.http },
  });
}

const box = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const patchBody = (fetch: ReturnType<typeof vi.fn>) => {
  const call = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === "PATCH");
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

describe("Organization", () => {
  it("says 'Failed to load organization.' when neither the server nor the device has it", async () => {
    await open("/organization", { org: null });
    expect(await screen.findByText("Failed to load organization.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("needs Company Name and a valid Email; saves by PATCH", async () => {
    const user = userEvent.setup();
    const harness = await open("/organization", { http: { [`PATCH ${ORG_PATH}`]: { status: 200, body: { ...ACME, name: "Acme Fire & Safety" } } } });
    await waitFor(() => expect(box("Company Name").value).toBe("Acme Fire"));
    const save = screen.getByRole("button", { name: "Save" });
    await user.clear(box("Company Name"));
    expect(save).toHaveProperty("disabled", true);
    await user.type(box("Company Name"), "Acme Fire & Safety");
    expect(save).toHaveProperty("disabled", false);
    await user.clear(box("Email"));
    expect(save).toHaveProperty("disabled", true);
    await user.type(box("Email"), "ops@");
    expect(save).toHaveProperty("disabled", true);
    await user.type(box("Email"), "acme.ca");
    await user.type(box("Address"), "1 Main St");
    await user.click(save);
    expect(await screen.findByText("Saved the organization")).toBeTruthy();
    expect(patchBody(harness.fetch)).toEqual({
      data: { name: "Acme Fire & Safety", email: "ops@acme.ca", phone: null, address: "1 Main St", city: null, country: null, province: null, postalCode: null },
    });
  });

  it("says 'Failed to save the organization.' with the server's reason", async () => {
    const user = userEvent.setup();
    await open("/organization", { http: { [`PATCH ${ORG_PATH}`]: { status: 400, body: { code: "ValidationFailed", message: "Email is not valid" } } } });
    await waitFor(() => expect(box("Company Name").value).toBe("Acme Fire"));
    await user.type(box("Phone"), "555");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Failed to save the organization. Email is not valid")).toBeTruthy();
  });

  it("shows the white label under WHITE_LABEL: images, letterhead dimensions and background colour", async () => {
    const user = userEvent.setup();
    const harness = await open("/organization", {
      org: { enabledFeatures: ["WHITE_LABEL"], letterHead: "letter-heads/a.png", letterHeadWidth: 1700, letterHeadHeight: 200 },
      http: { [`PATCH ${ORG_PATH}`]: { status: 200, body: ACME } },
    });
    expect(await screen.findByRole("heading", { name: "White Label" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Upload Logo" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove Portrait Letterhead" })).toBeTruthy();
    await waitFor(() => expect(box("Portrait Letterhead Width").value).toBe("1700"));
    const save = screen.getByRole("button", { name: "Save" });
    await user.clear(box("Portrait Letterhead Width"));
    await user.type(box("Portrait Letterhead Width"), "0");
    expect(screen.getByText("Must be a positive number of pixels")).toBeTruthy();
    expect(save).toHaveProperty("disabled", true);
    await user.type(box("Portrait Letterhead Width"), "x9");
    expect(box("Portrait Letterhead Width").value).toBe("09");
    expect(save).toHaveProperty("disabled", false);
    await user.type(box("Background Color"), "green");
    expect(save).toHaveProperty("disabled", true);
    await user.clear(box("Background Color"));
    await user.type(box("Background Color"), "#2e7d32");
    await user.click(save);
    await screen.findByText("Saved the organization");
    expect(patchBody(harness.fetch).data).toMatchObject({ letterHead: "letter-heads/a.png", letterHeadWidth: 9, letterHeadHeight: 200, backgroundColor: "#2e7d32", logo: null });
  });

  it("has no white label without the feature, and is read-only without SETTINGS_WRITE", async () => {
    await open("/organization", { permissions: ["SETTINGS_READ"] });
    await waitFor(() => expect(box("Company Name").value).toBe("Acme Fire"));
    expect(screen.queryByRole("heading", { name: "White Label" })).toBeNull();
    expect(screen.getByText("You can view these settings. Changing them needs the Edit Settings permission.")).toBeTruthy();
    expect(box("Company Name")).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
  });
});

describe("Preferences", () => {
  it("offers the five granularities, checks the work day, and saves the choices", async () => {
    const user = userEvent.setup();
    const harness = await open("/preferences", { http: { [`PATCH ${ORG_PATH}`]: { status: 200, body: ACME } } });
    const granularity = await screen.findByRole("combobox", { name: "Last Date Minimum Granularity" });
    await waitFor(() => expect(granularity.textContent).toBe("Day"));
    await user.click(granularity);
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Year", "Month", "Day", "Hour", "Minute"]);
    await user.click(options[3]!);

    const save = screen.getByRole("button", { name: "Save" });
    await user.click(firstSection("Work Day Start"));
    await user.keyboard("08:00");
    await user.click(firstSection("Work Day End"));
    await user.keyboard("07:00");
    expect(screen.getByText("The work day must end after it starts")).toBeTruthy();
    expect(save).toHaveProperty("disabled", true);
    await user.click(firstSection("Work Day End"));
    await user.keyboard("16:30");
    expect(save).toHaveProperty("disabled", false);

    expect(screen.queryByRole("switch", { name: "Show Billing" })).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Billing" }));
    await user.click(screen.getByRole("switch", { name: "Show Billing" }));
    await user.click(screen.getByRole("switch", { name: "Show Site Selector" }));
    await user.click(save);
    await screen.findByText("Saved the preferences");
    expect(patchBody(harness.fetch).data).toEqual({
      lastDateMinimumGranularity: "hour",
      workDayStartTime: "08:00",
      workDayEndTime: "16:30",
      showSiteSelector: true,
      showBilling: true,
      allowMarketingEmails: false,
      enabledFeatures: ["BILLING"],
    });
  });

  it("is read-only without SETTINGS_WRITE", async () => {
    await open("/preferences", { permissions: ["SETTINGS_READ"] });
    expect(await screen.findByText("You can view these settings. Changing them needs the Edit Settings permission.")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Show Site Selector" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
  });
});
