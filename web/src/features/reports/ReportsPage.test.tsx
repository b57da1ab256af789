// @vitest-environment jsdom
import { ThemeProvider } from "@mui/material";
import { act, cleanup, configure, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import dayjs from "dayjs";
import { IDBFactory } from "fake-indexeddb";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { theme } from "../../ui/theme";
import { AuthProvider } from "../../auth/AuthProvider";
import { saveSession } from "../../auth/session";
import type { SyncKind } from "../../offline/kinds";
import type { SyncRecord } from "../../domain/syncRecord";
import { SyncProvider } from "../../offline/SyncProvider";
import { type TestTab, openTab, testWorld } from "../../test/fakeSync";
import { SnackbarProvider } from "../../ui/snackbar/SnackbarProvider";
import { type Downloads, captureDownloads } from "../../test/downloads";
import { pickerInput, setPicker } from "../../test/pickers";
import { setViewportWidth } from "../../test/render";
import { ReportsPage } from "./ReportsPage";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const hex = (n: number) => n.toString(16).padStart(32, "0");
const ORG = hex(0xa);
const HARBOUR = hex(0x100);
const MAPLE = hex(0x101);
const MONTHLY = hex(0x400);
const LOBBY = hex(0x300);
const FOOD_COURT = hex(0x301);
const MONTH_START = dayjs().startOf("month").format("YYYY-MM-DD");
const MONTH_END = dayjs().endOf("month").format("YYYY-MM-DD");

const NAMES = [
  "Inspection Report",
  "Equipment Report",
  "Deficiency Report",
  "Location Report",
  "Selective Equipment Report",
  "Equipment Due Consolidated Report",
  "Time at Location Report",
  "Questionnaire Report",
  "Visit Report",
];

type Answer = { status: number; body: string; disposition?: string } | "offline";

const tabs: TestTab[] = [];
let downloads: Downloads;

beforeEach(() => {
  downloads = captureDownloads();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  while (tabs.length) tabs.pop()?.close();
  localStorage.clear();
});

const records: [SyncKind, Record<string, unknown>][] = [
  ["locations", { id: HARBOUR, name: "Harbour Tower", status: "active", timeZone: "America/Toronto" }],
  ["locations", { id: MAPLE, name: "Maple Mall", status: "active", timeZone: "America/Toronto" }],
  ["equipment", { id: LOBBY, name: "Lobby by the door", locationId: HARBOUR, barcode: "A-100" }],
  ["equipment", { id: FOOD_COURT, name: "Food court", locationId: MAPLE, barcode: "M-200" }],
  ["serviceTypes", { id: MONTHLY, name: "Monthly Inspection", equipmentTypeId: hex(0x200), frequencyType: 6, frequency: 1, dueWhen: "any" }],
];

async function show({ permissions = ["*.*"], width = 1280, answer = (): Answer => ({ status: 200, body: "%PDF-1.7", disposition: undefined }) } = {}) {
  setViewportWidth(width);
  saveSession({ user: { id: hex(0xb), orgId: ORG, name: "Ada", email: "ada@example.com", permissions }, token: "token-1", expires: "2099-01-01T00:00:00.000Z", refreshToken: "r" });
  const world = testWorld(new IDBFactory());
  for (const [kind, record] of records) world.server.seed(kind, { orgId: ORG, lastUpdated: "2026-01-01T00:00:00.000Z", ...record } as SyncRecord);
  const tab = openTab(world);
  tabs.push(tab);
  await tab.engine.syncNow();
  const calls: { url: URL; auth: string | undefined }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ url, auth: (init?.headers as Record<string, string>).Authorization });
    const reply = answer();
    if (reply === "offline") throw new TypeError("Failed to fetch");
    const headers: Record<string, string> = { "Content-Type": reply.status === 200 ? "application/pdf" : "application/json" };
    if (reply.disposition) headers["Content-Disposition"] = reply.disposition;
    return new Response(reply.body, { status: reply.status, headers });
  });
  const router = createMemoryRouter([{ path: "/reports", element: <ReportsPage /> }], { initialEntries: ["/reports"] });
  await act(async () => {
    render(
      <ThemeProvider theme={theme}>
        <AuthProvider fetchFn={fetchFn as unknown as typeof fetch}>
          <SnackbarProvider>
            <SyncProvider engine={tab.engine}>
              <RouterProvider router={router} />
            </SyncProvider>
          </SnackbarProvider>
        </AuthProvider>
      </ThemeProvider>,
    );
  });
  return { calls };
}

async function openReport(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name }));
  return { user, dialog: await screen.findByRole("dialog", { name }) };
}

const value = (dialog: HTMLElement, label: RegExp) => pickerInput(label, dialog).value;

describe("ReportsPage", () => {
  it("lists the eight reports of §7 and the visit report by readable names", async () => {
    await show();
    const list = await screen.findByRole("list", { name: "Reports" });
    expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(NAMES);
  });

  it("says under each report what it contains, as the button's description", async () => {
    await show();
    const list = await screen.findByRole("list", { name: "Reports" });
    const described = (name: string) => {
      const id = within(list).getByRole("button", { name }).getAttribute("aria-describedby") ?? "";
      return document.getElementById(id)?.textContent;
    };
    expect(described("Deficiency Report")).toBe("Deficiencies open at some time in a date range, with when each was opened and closed and for how many days.");
    expect(described("Location Report")).toBe("One line per site: address, contact, equipment, what is due, open deficiencies, the last service and the next due date.");
    for (const name of NAMES) expect(described(name)).toMatch(/\w.+\.$/);
  });

  it("opens the inspection report with §9's defaults and downloads it under the server's name", async () => {
    const name = `Inspection Report - Harbour Tower - ${MONTH_END}.pdf`;
    const { calls } = await show({ answer: () => ({ status: 200, body: "%PDF-1.7", disposition: `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}` }) });
    const { user, dialog } = await openReport("Inspection Report");
    expect(value(dialog, /^Report Date/)).toBe(MONTH_END);
    expect(value(dialog, /^Months of History/)).toBe("12");
    expect(within(dialog).getByRole("switch", { name: "Hide Added History Records" })).toHaveProperty("checked", true);
    // Made for one site: the first site is chosen (§5: a select with no empty option takes its first).
    await vi.waitFor(() => expect(within(dialog).getByRole("combobox", { name: /Site/ }).textContent).toBe("Harbour Tower"));
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    expect(await screen.findByText(`Downloaded ${name}`)).toBeTruthy();
    expect(downloads.saved).toEqual([name]);
    const [call] = calls;
    expect(call!.url.pathname).toBe("/api/reports/inspectionReport");
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      reportDate: MONTH_END,
      monthsOfHistory: "12",
      hideAddedHistory: "true",
      locationId: HARBOUR,
      output: "pdf",
      layout: "portrait",
    });
    expect(call!.auth).toBe("Bearer token-1");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("downloads the visit report of a site and day, today by default", async () => {
    const today = dayjs().format("YYYY-MM-DD");
    const { calls } = await show();
    const { user, dialog } = await openReport("Visit Report");
    expect(value(dialog, /^Visit Date/)).toBe(today);
    await vi.waitFor(() => expect(within(dialog).getByRole("combobox", { name: /Site/ }).textContent).toBe("Harbour Tower"));
    setPicker(/^Visit Date/, "2026-11-20", dialog);
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    // No Content-Disposition: the name is made from the form, with the visit's day.
    expect(await screen.findByText("Downloaded Visit Report - Harbour Tower - 2026-11-20.pdf")).toBeTruthy();
    const [call] = calls;
    expect(call!.url.pathname).toBe("/api/reports/visitReport");
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ date: "2026-11-20", locationId: HARBOUR, output: "pdf", layout: "portrait" });
  });

  it("needs the visit report's day", async () => {
    await show();
    const { dialog } = await openReport("Visit Report");
    await vi.waitFor(() => expect(within(dialog).getByRole("combobox", { name: /Site/ }).textContent).toBe("Harbour Tower"));
    setPicker(/^Visit Date/, "", dialog);
    expect(within(dialog).getByRole("button", { name: "Download" })).toHaveProperty("disabled", true);
  });

  it("needs the report date and months of history of the inspection report (§5)", async () => {
    await show();
    const { dialog } = await openReport("Inspection Report");
    await vi.waitFor(() => expect(within(dialog).getByRole("combobox", { name: /Site/ }).textContent).toBe("Harbour Tower"));
    const download = within(dialog).getByRole("button", { name: "Download" });
    setPicker(/^Report Date/, "", dialog);
    expect(download).toHaveProperty("disabled", true);
    expect(within(dialog).getByTitle("Required")).toBeTruthy();
    setPicker(/^Report Date/, "2026-06-30", dialog);
    expect(download).toHaveProperty("disabled", false);
    fireEvent.change(within(dialog).getByLabelText(/^Months of History/), { target: { value: "" } });
    expect(download).toHaveProperty("disabled", true);
    fireEvent.change(within(dialog).getByLabelText(/^Months of History/), { target: { value: "24" } });
    expect(download).toHaveProperty("disabled", false);
  });

  it("defaults the equipment filter to serviceOrInspection, with all, service and inspection", async () => {
    const { calls } = await show();
    const { user, dialog } = await openReport("Equipment Report");
    const filter = within(dialog).getByRole("combobox", { name: "Filter" });
    expect(filter.textContent).toBe("Service or Inspection");
    await user.click(filter);
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["All", "Service or Inspection", "Service", "Inspection"]);
    await user.click(screen.getByRole("option", { name: "Inspection" }));
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.searchParams.get("serviceOrInspection")).toBe("inspection");
  });

  it("gives deficiency, questionnaire and time at location reports this month, and the due consolidated report the end of the year", async () => {
    await show();
    for (const name of ["Deficiency Report", "Questionnaire Report", "Time at Location Report"]) {
      const { user, dialog } = await openReport(name);
      expect([value(dialog, /^Start Date/), value(dialog, /^End Date/)]).toEqual([MONTH_START, MONTH_END]);
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    }
    const { dialog } = await openReport("Equipment Due Consolidated Report");
    expect(value(dialog, /^End Date/)).toBe(dayjs().endOf("year").format("YYYY-MM-DD"));
    expect(within(dialog).queryByLabelText(/^Start Date/)).toBeNull();
  });

  it("sends a company-wide report without locationId, as CSV in landscape, named by its title when the server gives no name", async () => {
    const { calls } = await show();
    const { user, dialog } = await openReport("Deficiency Report");
    expect(within(dialog).getByRole("combobox", { name: "Site" }).textContent).toBe("All Sites");
    setPicker(/^End Date/, dayjs(MONTH_START).subtract(1, "day").format("YYYY-MM-DD"), dialog);
    expect(within(dialog).getByText("End Date must not be before Start Date")).toBeTruthy();
    setPicker(/^End Date/, MONTH_END, dialog);
    await user.click(within(dialog).getByRole("combobox", { name: "Output" }));
    await user.click(await screen.findByRole("option", { name: "CSV" }));
    await user.click(within(dialog).getByRole("combobox", { name: "Layout" }));
    await user.click(await screen.findByRole("option", { name: "Landscape" }));
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    await vi.waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ startDate: MONTH_START, endDate: MONTH_END, output: "csv", layout: "landscape" });
    expect(downloads.saved).toEqual([`Deficiency Report - All Sites - ${dayjs().format("YYYY-MM-DD")}.csv`]);
  });

  it("says the device must be online, and offers Try Again as soon as it is back", async () => {
    let reachable = false;
    const { calls } = await show({ answer: () => (reachable ? { status: 200, body: "%PDF" } : "offline") });
    const { user, dialog } = await openReport("Location Report");
    downloads.online = false;
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    expect(await within(dialog).findByText("The device must be online to download a report. Try again when it is back online.")).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(within(dialog).getByRole("button", { name: "Try Again" })).toHaveProperty("disabled", true);

    downloads.online = true;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await within(dialog).findByText("The device is back online.")).toBeTruthy();
    // Online by the browser's word, but no answer: still offline, and Try Again stays offered.
    await user.click(within(dialog).getByRole("button", { name: "Try Again" }));
    expect(await within(dialog).findByText("The device must be online to download a report. Try again when it is back online.")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Try Again" })).toHaveProperty("disabled", false);
    expect(calls).toHaveLength(1);

    reachable = true;
    await user.click(within(dialog).getByRole("button", { name: "Try Again" }));
    await vi.waitFor(() => expect(downloads.saved).toEqual([`Location Report - All Sites - ${dayjs().format("YYYY-MM-DD")}.pdf`]));
  });

  it("shows the server's message when the report is refused", async () => {
    await show({ answer: () => ({ status: 400, body: JSON.stringify({ message: "endDate is before startDate", contextId: "ctx-1" }) }) });
    const { user, dialog } = await openReport("Location Report");
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    expect(await within(dialog).findByText("The report could not be downloaded: endDate is before startDate (ctx-1)")).toBeTruthy();
    expect(downloads.saved).toEqual([]);
  });

  it("narrows the selective equipment and questionnaire reports by the catalogue on the device", async () => {
    const { calls } = await show();
    const { user, dialog } = await openReport("Questionnaire Report");
    expect(within(dialog).getByRole("combobox", { name: "Service Type" }).textContent).toBe("All Service Types");
    await user.click(within(dialog).getByRole("combobox", { name: "Service Type" }));
    await user.click(await screen.findByRole("option", { name: "Monthly Inspection" }));
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.searchParams.get("serviceTypeId")).toBe(MONTHLY);
  });

  it("picks single items of the chosen site for the selective equipment report", async () => {
    const { calls } = await show();
    const { user, dialog } = await openReport("Selective Equipment Report");
    // The select starts on the first site; an item picked there is dropped when the site changes.
    // Items shows once the first site is chosen, a render after the dialog opens.
    await user.click(await within(dialog).findByRole("combobox", { name: "Items" }));
    await user.click(await screen.findByRole("option", { name: "A-100 — Lobby by the door" }));
    await user.keyboard("{Escape}");
    await user.click(within(dialog).getByRole("combobox", { name: /Site/ }));
    await user.click(await screen.findByRole("option", { name: "Maple Mall" }));
    expect(within(dialog).getByRole("combobox", { name: "Items" }).textContent).not.toContain("A-100");
    await user.click(within(dialog).getByRole("combobox", { name: "Items" }));
    expect(screen.queryByRole("option", { name: /A-100/ })).toBeNull();
    await user.click(await screen.findByRole("option", { name: "M-200 — Food court" }));
    await user.keyboard("{Escape}");
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.searchParams.get("equipmentIds")).toBe(FOOD_COURT);
    expect(calls[0]!.url.searchParams.get("locationId")).toBe(MAPLE);
  });

  it("needs REPORT_READ", async () => {
    await show({ permissions: ["LOCATION_READ"] });
    expect(await screen.findByText("Reports need the View Reports permission.")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });
});
