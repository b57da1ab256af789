// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ImportDataDialog } from "./ImportDataDialog";
import { type Answer, type Call, ORG, importRecord, renderImports } from "../../test/imports";
import { firstSection } from "../../test/pickers";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const START_PATH = `/api/organizations/${ORG}/imports`;

const started = (call: Call): Answer =>
  call.path === "/api/imports" ? { status: 200, body: { data: [importRecord({ progress: { done: 1, total: 4 } })] } } : { status: 202, body: { data: importRecord() } };

async function open(answer: (call: Call) => Answer = started) {
  const harness = await renderImports({ path: "/settings", answer, routes: [{ path: "/settings", element: <ImportDataDialog onClose={() => {}} /> }] });
  const dialog = await screen.findByRole("dialog", { name: "Import Data" });
  return { ...harness, dialog, user: userEvent.setup() };
}

const posts = (calls: Call[]) => calls.filter((call) => call.method === "POST");

describe("ImportDataDialog", () => {
  it("needs the import key, sends only it and the orgId by default, then shows the import under /imports", async () => {
    const { calls, dialog, user } = await open();
    const start = within(dialog).getByRole("button", { name: "Start Import" });
    expect(start).toHaveProperty("disabled", true);
    expect(within(dialog).queryByTitle("Required")).toBeNull();
    await user.click(within(dialog).getByRole("textbox", { name: /^Import Key/ }));
    await user.tab();
    expect(within(dialog).getByTitle("Required")).toBeTruthy();
    await user.type(within(dialog).getByRole("textbox", { name: /^Import Key/ }), "  key-123 ");
    expect(start).toHaveProperty("disabled", false);
    await user.click(start);
    expect(await screen.findByText("Import started. Its progress shows under Imports.")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Imports" })).toBeTruthy();
    expect(await screen.findByText("Running: 1 of 4")).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: "POST", path: START_PATH, query: {}, body: { orgId: ORG, importKey: { key: "key-123" } } }]);
  });

  it("sends Import all sites, Import users and the import date when set", async () => {
    const { calls, dialog, user } = await open();
    await user.type(within(dialog).getByRole("textbox", { name: /^Import Key/ }), "k");
    await user.click(within(dialog).getByRole("switch", { name: "Import all sites" }));
    await user.click(within(dialog).getByRole("switch", { name: "Import users" }));
    await user.click(firstSection("Import Date", dialog));
    await user.keyboard("2026-03-01");
    await user.click(within(dialog).getByRole("button", { name: "Start Import" }));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ orgId: ORG, importKey: { key: "k" }, importAllSites: true, importUsers: true, importDate: "2026-03-01" });
  });

  it("asks before Clear all data, says what is deleted, and sends nothing on Cancel", async () => {
    const { calls, dialog, user } = await open();
    await user.type(within(dialog).getByRole("textbox", { name: /^Import Key/ }), "k");
    await user.click(within(dialog).getByRole("switch", { name: "Clear all data" }));
    await user.click(within(dialog).getByRole("button", { name: "Start Import" }));
    const confirm = await screen.findByRole("dialog", { name: "Clear all data?" });
    expect(within(confirm).getByText(/Every site, item and history record of the organisation will be deleted before the import/)).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog", { name: "Clear all data?" })).toBeNull());
    expect(posts(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: "Start Import" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Clear all data?" })).getByRole("button", { name: "Delete and Import" }));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ orgId: ORG, importKey: { key: "k" }, clearAllData: true });
  });

  it("offline, says the device must be online and sends nothing", async () => {
    const { calls, network, dialog, user } = await open();
    network.online = false;
    await user.type(within(dialog).getByRole("textbox", { name: /^Import Key/ }), "k");
    await user.click(within(dialog).getByRole("button", { name: "Start Import" }));
    expect(await within(dialog).findByText(/The device must be online to start an import. Nothing was sent/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message and context id when the import is refused", async () => {
    const { dialog, user } = await open(() => ({ status: 400, body: { message: "Unknown field 'foo' in the import request", contextId: "ctx-7" } }));
    await user.type(within(dialog).getByRole("textbox", { name: /^Import Key/ }), "k");
    await user.click(within(dialog).getByRole("button", { name: "Start Import" }));
    expect(await within(dialog).findByText("The import could not be started: Unknown field 'foo' in the import request (ctx-7)")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Try Again" })).toBeTruthy();
  });
});
