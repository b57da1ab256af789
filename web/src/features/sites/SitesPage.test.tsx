// @vitest-environment jsdom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import dayjs from "dayjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { firstTimeWarningKey } from "./FirstTimeWarning";
import { addressLine } from "./siteSearch";
import { siteRoutes } from "./routes";
import { DESKTOP, type Harness, type HarnessOptions, PHONE, USER, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";

// Each row's address line is worked out as the row renders: counting the calls counts the rows drawn.
vi.mock("./siteSearch", async (original) => {
  const actual = await original<typeof import("./siteSearch")>();
  return { ...actual, addressLine: vi.fn(actual.addressLine) };
});

// Component tests with a real store and router take a few seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let harness: Harness | null = null;

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const oak = { id: hex(1), name: "Oak Street", address: "1 Oak St", city: "Ottawa", province: "Ontario", postalCode: "K1A 0B1", country: "Canada", phone: "(613) 555-0100", cell: "613 555 0199", status: "active", timeZone: "America/Toronto" };
const birch = { id: hex(2), name: "birch Lane", address: "2 Birch Ln", city: "Kingston", note: "gate code 42", status: "active", timeZone: "America/Toronto" };
const cedar = { id: hex(3), name: "Cedar Court", city: "Ottawa", popupNote: "Dog on site", status: "active", timeZone: "America/Toronto" };
const sites: HarnessOptions["records"] = [oak, birch, cedar].map((site) => ["locations", site]);

const otherDayThisMonth = dayjs().date() === 1 ? dayjs().date(2) : dayjs().date(1);
const events: HarnessOptions["records"] = [
  ["schedule", { id: hex(11), locationId: oak.id, userId: USER, date: dayjs().format("YYYY-MM-DD"), startTime: "09:00", endTime: "17:00" }],
  ["schedule", { id: hex(12), locationId: birch.id, userId: USER, date: otherDayThisMonth.format("YYYY-MM-DD"), startTime: "09:00", endTime: "17:00" }],
  // Another technician's visit today, and the user's own last month: in neither tab.
  ["schedule", { id: hex(13), locationId: cedar.id, userId: hex(99), date: dayjs().format("YYYY-MM-DD"), startTime: "09:00", endTime: "17:00" }],
  ["schedule", { id: hex(14), locationId: cedar.id, userId: USER, date: dayjs().subtract(1, "month").format("YYYY-MM-DD"), startTime: "09:00", endTime: "17:00" }],
];

const open = async (options: Partial<HarnessOptions> = {}) => {
  harness = await renderScreen({ path: "/sites", routes: siteRoutes, records: sites, ...options });
  return harness;
};
const rowNames = () => screen.queryAllByRole("link").map((link) => within(link).getAllByText(/./)[0]?.textContent);
const where = () => harness?.router.state.location.pathname;

describe("Sites list", () => {
  it("on a desktop shows All only: every site by name, with its address line", async () => {
    await open({ records: [...(sites ?? []), ...(events ?? [])] });
    expect(await screen.findByRole("link", { name: /Oak Street/ })).toBeTruthy();
    expect(screen.getAllByRole("tab")).toHaveLength(1);
    expect(screen.getByRole("tab", { name: /^All\b/ })).toBeTruthy();
    expect(rowNames()).toEqual(["birch Lane", "Cedar Court", "Oak Street"]);
    expect(screen.getByText("1 Oak St, Ottawa, Ontario, K1A 0B1")).toBeTruthy();
  });

  it("has Today and This Month on phones only (under 600 px), not on tablets", async () => {
    for (const [width, tabs] of [
      [599, ["Today", "This Month", "All"]],
      [600, ["All"]],
      [900, ["All"]],
    ] as const) {
      await open({ width, path: "/sites?tab=today", records: [...(sites ?? []), ...(events ?? [])] });
      expect(await screen.findByRole("link", { name: /Oak Street/ })).toBeTruthy();
      expect(screen.getAllByRole("tab").map((tab) => tab.textContent?.replace(/\d+/g, "").trim())).toEqual(tabs);
      cleanup();
      closeHarnesses();
    }
  });

  it("draws no row again when only the sync status changes", async () => {
    const { tab } = await open();
    await screen.findByRole("link", { name: /Oak Street/ });
    const drawn = vi.mocked(addressLine).mock.calls.length;
    const states: string[] = [];
    const stop = tab.engine.subscribe((status) => states.push(status.state));
    await act(() => tab.engine.syncNow());
    stop();
    expect(states).toContain("syncing");
    expect(vi.mocked(addressLine).mock.calls.length).toBe(drawn);
    expect(rowNames()).toEqual(["birch Lane", "Cedar Court", "Oak Street"]);
  });

  it("searches name, address, city, note, postal code, phone and contact, every word", async () => {
    const user = userEvent.setup();
    await open();
    await screen.findByRole("link", { name: /Oak Street/ });
    const search = screen.getByRole("searchbox", { name: "Search" });
    await user.type(search, "ottawa");
    expect(rowNames()).toEqual(["Cedar Court", "Oak Street"]);
    await user.clear(search);
    await user.type(search, "GATE 42");
    expect(rowNames()).toEqual(["birch Lane"]);
    await user.clear(search);
    await user.type(search, "555-0100");
    expect(rowNames()).toEqual(["Oak Street"]);
    await user.type(search, " nowhere");
    expect(rowNames()).toEqual([]);
    expect(screen.getByText("No sites match this search.")).toBeTruthy();
  });

  it("finds the search again coming back from a site or reloading, and starts a new one on a new visit", async () => {
    const user = userEvent.setup();
    await open();
    await screen.findByRole("link", { name: /Oak Street/ });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "ottawa");
    await vi.waitFor(() => expect(rowNames()).toEqual(["Cedar Court", "Oak Street"]));
    // Not written into the address: each change of it renders the whole app again.
    expect(harness?.router.state.location.search).toBe("");

    await user.click(screen.getByRole("link", { name: /Oak Street/ }));
    await vi.waitFor(() => expect(where()).toBe(`/sites/${oak.id}`));
    await act(() => harness?.router.navigate(-1));
    expect(await screen.findByRole("searchbox", { name: "Search" })).toHaveProperty("value", "ottawa");
    expect(rowNames()).toEqual(["Cedar Court", "Oak Street"]);

    // A reload (the page opened again in this tab) finds it too.
    cleanup();
    await open();
    expect(await screen.findByRole("searchbox", { name: "Search" })).toHaveProperty("value", "ottawa");
    await vi.waitFor(() => expect(rowNames()).toEqual(["Cedar Court", "Oak Street"]));

    // The Sites link while the list shows (on the same address a link replaces it): a new
    // search, and the old one does not come back.
    await act(() => harness?.router.navigate("/sites", { replace: true }));
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveProperty("value", "");
    await vi.waitFor(() => expect(rowNames()).toEqual(["birch Lane", "Cedar Court", "Oak Street"]));
    await user.click(screen.getByRole("link", { name: /Oak Street/ }));
    await vi.waitFor(() => expect(where()).toBe(`/sites/${oak.id}`));
    await act(() => harness?.router.navigate(-1));
    expect(await screen.findByRole("searchbox", { name: "Search" })).toHaveProperty("value", "");
  });

  it("keeps the search on a phone while another tab is looked at", async () => {
    const user = userEvent.setup();
    await open({ width: PHONE, path: "/sites?tab=all", records: [...(sites ?? []), ...(events ?? [])] });
    await screen.findByRole("link", { name: /Oak Street/ });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "ottawa");
    await user.click(screen.getByRole("tab", { name: /^Today/ }));
    expect(screen.queryByRole("searchbox", { name: "Search" })).toBeNull();
    await user.click(screen.getByRole("tab", { name: /^All/ }));
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveProperty("value", "ottawa");
    await vi.waitFor(() => expect(rowNames()).toEqual(["Cedar Court", "Oak Street"]));
  });

  it("on a phone has Today and This Month from the user's own schedule, then All", async () => {
    const user = userEvent.setup();
    await open({ width: PHONE, records: [...(sites ?? []), ...(events ?? [])] });
    expect(screen.getAllByRole("tab").map((tab) => tab.id.replace(/^.*-tab-/, ""))).toEqual(["today", "month", "all"]);
    expect(await screen.findByRole("link", { name: /Oak Street/ })).toBeTruthy();
    expect(rowNames()).toEqual(["Oak Street"]);
    expect(screen.queryByRole("searchbox")).toBeNull();

    await user.click(screen.getByRole("tab", { name: /^This Month/ }));
    expect(rowNames()).toEqual(["birch Lane", "Oak Street"]);

    await user.click(screen.getByRole("tab", { name: /^All/ }));
    expect(rowNames()).toEqual(["birch Lane", "Cedar Court", "Oak Street"]);
    expect(screen.getByRole("searchbox", { name: "Search" })).toBeTruthy();
  });

  it("says so when nothing is scheduled today", async () => {
    await open({ width: PHONE });
    expect(await screen.findByText("No sites are scheduled for you today.")).toBeTruthy();
  });

  it("opens a site at once, or first shows its popup note with Ok", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole("link", { name: /Cedar Court/ }));
    const dialog = await screen.findByRole("dialog", { name: "Note" });
    expect(within(dialog).getByText("Dog on site")).toBeTruthy();
    expect(where()).toBe("/sites");
    await user.click(within(dialog).getByRole("button", { name: "Ok" }));
    expect(where()).toBe(`/sites/${cedar.id}`);
  });

  it("opens a site without a popup note directly", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole("link", { name: /Oak Street/ }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(where()).toBe(`/sites/${oak.id}`);
  });

  it("has a contact dialog per row: call phone, call cell, Apple Maps, Google Maps, Cancel", async () => {
    const user = userEvent.setup();
    await open();
    await screen.findByRole("link", { name: /Oak Street/ });
    // Keyboard: the row's contact button is reachable with Tab and opens with Enter.
    screen.getByRole("button", { name: "Contact Oak Street" }).focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Oak Street" });
    expect(within(dialog).getByRole("link", { name: /Call Phone/ }).getAttribute("href")).toBe("tel:6135550100");
    expect(within(dialog).getByRole("link", { name: /Call Cell/ }).getAttribute("href")).toBe("tel:6135550199");
    const query = encodeURIComponent("1 Oak St, Ottawa, Ontario, K1A 0B1, Canada");
    expect(within(dialog).getByRole("link", { name: /Open in Apple Maps/ }).getAttribute("href")).toBe(`https://maps.apple.com/?q=${query}`);
    expect(within(dialog).getByRole("link", { name: /Open in Google Maps/ }).getAttribute("href")).toBe(`https://www.google.com/maps/search/?api=1&query=${query}`);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("leaves a call out when the site has no number", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole("button", { name: "Contact Cedar Court" }));
    const dialog = await screen.findByRole("dialog", { name: "Cedar Court" });
    expect(within(dialog).queryByRole("link", { name: /Call Phone/ })).toBeNull();
    expect(within(dialog).getByText("No phone number")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: /Open in Google Maps/ })).toBeTruthy();
  });

  it("on a desktop with no sites, offers Add Site rather than sending the user to a desktop", async () => {
    const user = userEvent.setup();
    await open({ records: [] });
    expect(await screen.findByText("No sites yet.")).toBeTruthy();
    expect(screen.queryByText(/desktop browser/)).toBeNull();
    const empty = screen.getByRole("tabpanel");
    await user.click(within(empty).getByRole("button", { name: "Add Site" }));
    expect(await screen.findByRole("heading", { name: "Add Site" })).toBeTruthy();
  });

  it("on a phone with no sites, says they are added on a desktop browser", async () => {
    localStorage.setItem(firstTimeWarningKey(USER), "seen");
    await open({ width: PHONE, records: [], path: "/sites?tab=all" });
    expect(await screen.findByText(/No sites yet\. Sites added on a desktop browser/)).toBeTruthy();
    expect(within(screen.getByRole("tabpanel")).queryByRole("button", { name: "Add Site" })).toBeNull();
  });

  it("shows a loading skeleton, not the empty hint, until the first download has come", async () => {
    await open({ records: [], serverOffline: true });
    const panel = await screen.findByRole("tabpanel");
    expect(within(panel).getByRole("progressbar", { name: "Loading..." })).toBeTruthy();
    expect(panel.getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByText(/No sites yet/)).toBeNull();
    cleanup();
    closeHarnesses();

    await open({ width: PHONE, records: [], serverOffline: true });
    expect(within(await screen.findByRole("tabpanel")).getByRole("progressbar", { name: "Loading..." })).toBeTruthy();
    expect(screen.getAllByRole("tab")).toHaveLength(3);
    expect(screen.queryByText("No sites are scheduled for you today.")).toBeNull();
  });
});

describe("First-time warning", () => {
  it("opens once on a phone when the first download brought no sites", async () => {
    const user = userEvent.setup();
    await open({ width: PHONE, records: [] });
    const dialog = await screen.findByRole("dialog", { name: "No sites yet" });
    await user.click(within(dialog).getByRole("button", { name: "Ok" }));
    expect(localStorage.getItem(firstTimeWarningKey(USER))).not.toBeNull();

    const remembered = localStorage.getItem(firstTimeWarningKey(USER)) ?? "";
    cleanup();
    closeHarnesses();
    localStorage.setItem(firstTimeWarningKey(USER), remembered);
    await open({ width: PHONE, records: [] });
    await screen.findByText("No sites are scheduled for you today.");
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("does not open on a desktop, before the first download, or when sites exist", async () => {
    await open({ width: DESKTOP, records: [] });
    await screen.findByText(/No sites yet/);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole("dialog")).toBeNull();
    cleanup();
    closeHarnesses();

    await open({ width: PHONE, records: [], serverOffline: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole("dialog")).toBeNull();
    cleanup();
    closeHarnesses();

    await open({ width: PHONE });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem(firstTimeWarningKey(USER))).toBeNull();
  });
});

describe("Add Site", () => {
  it("opens the Add Site form on a desktop", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole("button", { name: "Add Site" }));
    expect(await screen.findByRole("heading", { name: "Add Site" })).toBeTruthy();
  });

  it("says 'Locations can only be added on a desktop browser' on a phone", async () => {
    const user = userEvent.setup();
    await open({ width: PHONE });
    await user.click(screen.getByRole("button", { name: "Add Site" }));
    expect(await screen.findByText("Locations can only be added on a desktop browser")).toBeTruthy();
    expect(where()).toBe("/sites");
  });

  it("opens Add Site on a tablet (§2 'On mobile' only)", async () => {
    const user = userEvent.setup();
    await open({ width: 820 });
    await user.click(screen.getByRole("button", { name: "Add Site" }));
    expect(await screen.findByRole("heading", { name: "Add Site" })).toBeTruthy();
    expect(screen.queryByText("Locations can only be added on a desktop browser")).toBeNull();
  });

  it("needs LOCATION_WRITE", async () => {
    await open({ permissions: ["LOCATION_READ"] });
    await screen.findByRole("link", { name: /Oak Street/ });
    expect(screen.queryByRole("button", { name: "Add Site" })).toBeNull();
  });
});
