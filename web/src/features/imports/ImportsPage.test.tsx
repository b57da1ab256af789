// @vitest-environment jsdom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Answer, type Call, ORG, importRecord, renderImports } from "../../test/imports";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const listCalls = (calls: Call[]) => calls.filter((call) => call.path === "/api/imports");
const list = (...records: ReturnType<typeof importRecord>[]): Answer => ({ status: 200, body: { data: records } });
const rows = () => within(screen.getByRole("table", { name: "Imports" })).getAllByRole("row").slice(1);

describe("ImportsPage", () => {
  it("lists the organisation's imports in the server's order with started, completed, source and status", async () => {
    const running = importRecord({ id: "r", dateStarted: "2026-11-20T12:00:00Z", progress: { done: 3, total: 10 } });
    const done = importRecord({ id: "d", source: "csv", dateStarted: "2026-11-19T09:00:00Z", dateCompleted: "2026-11-19T09:01:00Z", recordsWritten: 42, rowsRejected: 2 });
    const failed = importRecord({ id: "f", dateStarted: "2026-11-18T09:00:00Z", dateCompleted: "2026-11-18T09:05:00Z", error: "The import key was refused", contextId: "ctx-42" });
    const { calls } = await renderImports({ path: "/imports", width: 1280, answer: () => list(running, done, failed) });
    await screen.findByRole("table", { name: "Imports" });
    expect(listCalls(calls)[0]!.query).toEqual({ orgId: ORG });
    const [first, second, third] = rows();
    expect(within(first!).getByText("Safety scan app")).toBeTruthy();
    expect(within(first!).getByText("—")).toBeTruthy();
    const bar = within(first!).getByRole("progressbar", { name: "Import progress" });
    expect(bar.getAttribute("aria-valuenow")).toBe("30");
    expect(within(first!).getByText("Running: 3 of 10")).toBeTruthy();
    expect(within(second!).getByText("CSV file")).toBeTruthy();
    expect(within(second!).getByText("Done: 42 records written, 2 rows skipped")).toBeTruthy();
    expect(within(second!).queryByRole("progressbar")).toBeNull();
    expect(within(third!).getByText("Failed: The import key was refused (context id ctx-42)")).toBeTruthy();
  });

  it("reads the list again every 2 s while an import runs, and stops once none does", async () => {
    let answers = 0;
    const { calls } = await renderImports({
      path: "/imports",
      answer: () => {
        answers += 1;
        return answers === 1
          ? list(importRecord({ progress: { done: 1, total: 4 } }))
          : list(importRecord({ progress: { done: 4, total: 4 }, dateCompleted: "2026-11-20T10:02:00Z", recordsWritten: 9 }));
      },
    });
    expect(await screen.findByText("Running: 1 of 4")).toBeTruthy();
    expect(await screen.findByText("Done: 9 records written, 0 rows skipped", {}, { timeout: 4_000 })).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    await act(() => new Promise((done) => setTimeout(done, 2_500)));
    expect(listCalls(calls)).toHaveLength(2);
  });

  it("shows a progress bar without a value while the total is not known yet", async () => {
    await renderImports({ path: "/imports", answer: () => list(importRecord()) });
    const bar = await screen.findByRole("progressbar", { name: "Import progress" });
    expect(bar.getAttribute("aria-valuenow")).toBeNull();
    expect(screen.getByText("Running")).toBeTruthy();
  });

  it("offline, says so, and Retry reads the list once the device is back", async () => {
    let reachable = false;
    await renderImports({ path: "/imports", answer: () => (reachable ? list(importRecord({ dateCompleted: "2026-11-20T10:02:00Z" })) : "offline") });
    expect(await screen.findByText("The device must be online to show the imports. Try again when it is back online.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    reachable = true;
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Done: 0 records written, 0 rows skipped")).toBeTruthy();
    expect(screen.queryByText(/must be online/)).toBeNull();
  });

  it("shows the server's message when the list cannot be read", async () => {
    await renderImports({ path: "/imports", answer: () => ({ status: 403, body: { message: "Forbidden", contextId: "ctx-3" } }) });
    expect(await screen.findByText("The imports could not be loaded: Forbidden (ctx-3)")).toBeTruthy();
  });

  it("says there are none yet, and offers CSV Import and Import Data to holders of SETTINGS_WRITE", async () => {
    const user = userEvent.setup();
    await renderImports({ path: "/imports", answer: () => list() });
    expect(await screen.findByText("No imports yet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "CSV Import" }).getAttribute("href")).toBe("/imports/csv");
    await user.click(screen.getByRole("button", { name: "Import Data" }));
    expect(await screen.findByRole("dialog", { name: "Import Data" })).toBeTruthy();
  });

  it("shows an import started from its Import Data dialog", async () => {
    const user = userEvent.setup();
    let started = false;
    const { calls } = await renderImports({
      path: "/imports",
      answer: (call) => {
        if (call.method === "POST") {
          started = true;
          return { status: 202, body: { data: importRecord() } };
        }
        return started ? list(importRecord({ progress: { done: 2, total: 5 } })) : list();
      },
    });
    expect(await screen.findByText("No imports yet.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Import Data" }));
    const dialog = await screen.findByRole("dialog", { name: "Import Data" });
    await user.type(within(dialog).getByRole("textbox", { name: /^Import Key/ }), "k");
    await user.click(within(dialog).getByRole("button", { name: "Start Import" }));
    expect(await screen.findByText("Running: 2 of 5")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")[0]!.path).toBe(`/api/organizations/${ORG}/imports`);
  });

  it("to a reader without SETTINGS_WRITE, shows the list but no way to start an import", async () => {
    await renderImports({ path: "/imports", width: 1280, permissions: ["SETTINGS_READ"], answer: () => list(importRecord({ dateCompleted: "2026-11-20T10:02:00Z" })) });
    await screen.findByRole("table", { name: "Imports" });
    expect(screen.queryByRole("link", { name: "CSV Import" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Import Data" })).toBeNull();
  });

  it("needs SETTINGS_READ, and asks the server nothing without it", async () => {
    const { calls } = await renderImports({ path: "/imports", permissions: ["LOCATION_READ"], answer: () => list() });
    expect(await screen.findByText("Viewing imports needs the View Settings permission.")).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(0);
  });

  it("at 375 px shows one card per import with every column, the status included", async () => {
    const running = importRecord({ id: "r", progress: { done: 1, total: 2 } });
    const failed = importRecord({ id: "f", source: "csv", dateCompleted: "2026-11-18T09:05:00Z", error: "Bad key", contextId: "ctx-9" });
    await renderImports({ path: "/imports", width: 375, answer: () => list(running, failed) });
    const cards = within(await screen.findByRole("list", { name: "Imports" })).getAllByRole("listitem");
    expect(screen.queryByRole("table")).toBeNull();
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText("Completed: —")).toBeTruthy();
    expect(within(cards[0]!).getByText("Source: Safety scan app")).toBeTruthy();
    expect(within(cards[0]!).getByRole("progressbar", { name: "Import progress" }).getAttribute("aria-valuenow")).toBe("50");
    expect(within(cards[1]!).getByText(/^Started: /)).toBeTruthy();
    expect(within(cards[1]!).getByText("Source: CSV file")).toBeTruthy();
    expect(within(cards[1]!).getByText("Failed: Bad key (context id ctx-9)")).toBeTruthy();
  });

  it("on a tablet the table scrolls inside a region the keyboard can reach", async () => {
    const user = userEvent.setup();
    await renderImports({ path: "/imports", width: 700, permissions: ["SETTINGS_READ"], answer: () => list(importRecord({ dateCompleted: "2026-11-20T10:02:00Z" })) });
    const region = await screen.findByRole("region", { name: "Table of imports" });
    expect(within(region).getByRole("table", { name: "Imports" })).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(region);
  });
});
