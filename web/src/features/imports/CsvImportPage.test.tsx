// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CsvFields } from "./api";
import { type Answer, type Call, ORG, importRecord, renderImports } from "../../test/imports";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FIELDS: CsvFields = {
  sites: [
    { name: "name", label: "Site Name", required: true },
    { name: "address", label: "Address", required: false },
    { name: "postalCode", label: "Postal Code", required: false },
  ],
  equipment: [
    { name: "siteName", label: "Site", required: true },
    { name: "barcode", label: "Barcode", required: false },
  ],
  history: [{ name: "date", label: "Service Date", required: true }],
};
const FIELDS_PATH = `/api/organizations/${ORG}/imports/csv/fields`;
const RUN_PATH = `/api/organizations/${ORG}/imports/csv`;
const SITES_CSV = "site name,ADDRESS,Zip\nWarehouse,1 Main St,K1A 0B1\n,2 Side St,\n";

type Runner = (call: Call) => Answer;
const dryRun: Runner = () => ({ status: 200, body: { data: { rows: 2, accepted: 1, rejected: [{ row: 3, reason: "Site Name is required" }] } } });

async function open(run: Runner = dryRun, options: { permissions?: string[]; fields?: () => Answer } = {}) {
  const harness = await renderImports({
    path: "/imports/csv",
    permissions: options.permissions,
    answer: (call) => {
      if (call.path === FIELDS_PATH) return options.fields?.() ?? { status: 200, body: { data: FIELDS } };
      if (call.path === RUN_PATH) return run(call);
      if (call.path === "/api/imports") return { status: 200, body: { data: [] } };
      return { status: 404, body: { message: "Not found" } };
    },
  });
  return { ...harness, user: userEvent.setup() };
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>, text: string, name = "sites.csv") {
  await user.upload(await screen.findByLabelText("CSV file"), new File([text], name, { type: "text/csv" }));
  await screen.findByText(new RegExp(`^${name.replace(".", "\\.")}:`));
}

const select = (name: string) => screen.getByRole("combobox", { name: new RegExp(`^${name}`) });
/** A select's shown choice; MUI shows an empty one ("Not in the file") as a zero-width space. */
const shown = (box: HTMLElement) => (box.textContent ?? "").replace("\u200b", "");
const runs = (calls: Call[]) => calls.filter((call) => call.path === RUN_PATH);

async function pick(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(select(field));
  await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: option }));
}

describe("CsvImportPage", () => {
  it("maps the fields to matching headers, marks required ones, and lists every rejected row of the dry run", async () => {
    const { calls, user } = await open();
    await chooseFile(user, SITES_CSV);
    expect(screen.getByText("sites.csv: 3 column(s)")).toBeTruthy();
    const mapping = screen.getByRole("region", { name: "Columns" });
    expect(within(mapping).getAllByRole("combobox").map(shown)).toEqual(["site name", "ADDRESS", ""]);
    expect(select("Site Name").getAttribute("aria-required")).toBe("true");
    expect(select("Address").getAttribute("aria-required")).toBeNull();
    await pick(user, "Postal Code", "Zip");

    await user.click(screen.getByRole("button", { name: "Check File" }));
    const result = await screen.findByRole("region", { name: "Check result" });
    expect(within(result).getByText("2 row(s): 1 would be imported, 1 rejected.")).toBeTruthy();
    expect(within(within(result).getByRole("list", { name: "Rejected rows" })).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Line 3: Site Name is required",
    ]);
    expect(runs(calls)).toEqual([
      { method: "POST", path: RUN_PATH, query: {}, body: { kind: "sites", csv: SITES_CSV, mapping: { name: "site name", address: "ADDRESS", postalCode: "Zip" }, dryRun: true } },
    ]);
    expect(within(result).queryByRole("link", { name: "See it under Imports" })).toBeNull();
  });

  it("needs a column for every required field before checking or importing, and leaves unmapped fields out", async () => {
    const { calls, user } = await open();
    await chooseFile(user, "Title,Street\nA,B\n");
    expect(shown(select("Site Name"))).toBe("");
    expect(screen.getByText("Choose a column for: Site Name")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Check File" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Import" })).toHaveProperty("disabled", true);
    await pick(user, "Site Name", "Title");
    expect(screen.queryByText(/Choose a column for/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Check File" }));
    await screen.findByRole("region", { name: "Check result" });
    expect(runs(calls)[0]!.body).toMatchObject({ mapping: { name: "Title" } });
  });

  it("maps the fields of what the file holds: Equipment has its own", async () => {
    const { calls, user } = await open(() => ({ status: 200, body: { data: { rows: 1, accepted: 1, rejected: [] } } }));
    await chooseFile(user, "Site,barcode\nWarehouse,A1\n", "items.csv");
    await pick(user, "The file holds", "Equipment");
    const mapping = screen.getByRole("region", { name: "Columns" });
    expect(within(mapping).getAllByRole("combobox").map(shown)).toEqual(["Site", "barcode"]);
    await user.click(screen.getByRole("button", { name: "Check File" }));
    expect(await screen.findByText("1 row(s): 1 would be imported, 0 rejected.")).toBeTruthy();
    expect(runs(calls)[0]!.body).toMatchObject({ kind: "equipment", mapping: { siteName: "Site", barcode: "barcode" }, dryRun: true });
  });

  it("imports, shows the outcome and the way to /imports", async () => {
    const record = importRecord({ source: "csv", dateCompleted: "2026-11-20T10:00:01Z", recordsWritten: 1, rowsRejected: 1 });
    const { calls, user } = await open(() => ({ status: 201, body: { data: { import: record, rows: 2, accepted: 1, rejected: [{ row: 3, reason: "Site Name is required" }] } } }));
    await chooseFile(user, SITES_CSV);
    await user.click(screen.getByRole("button", { name: "Import" }));
    const result = await screen.findByRole("region", { name: "Import result" });
    expect(within(result).getByText("2 row(s): 1 imported, 1 skipped.")).toBeTruthy();
    expect(within(result).getByText("Line 3: Site Name is required")).toBeTruthy();
    expect(runs(calls)[0]!.body).toMatchObject({ dryRun: false });
    await user.click(within(result).getByRole("link", { name: "See it under Imports" }));
    expect(await screen.findByRole("heading", { name: "Imports" })).toBeTruthy();
  });

  it("offline, says the device must be online and sends nothing", async () => {
    const { calls, network, user } = await open();
    await chooseFile(user, SITES_CSV);
    network.online = false;
    await user.click(screen.getByRole("button", { name: "Check File" }));
    expect(await screen.findByText(/The device must be online to import a file. Nothing was sent/)).toBeTruthy();
    expect(runs(calls)).toHaveLength(0);
  });

  it("offline when it opens, says so instead of the fields, and Retry loads them", async () => {
    let reachable = false;
    const { user } = await open(dryRun, { fields: () => (reachable ? { status: 200, body: { data: FIELDS } } : "offline") });
    expect(await screen.findByText("The device must be online to import a file. Nothing was sent; try again when it is back online.")).toBeTruthy();
    await chooseFile(user, SITES_CSV);
    expect(screen.queryByRole("region", { name: "Columns" })).toBeNull();
    expect(screen.getByRole("button", { name: "Check File" })).toHaveProperty("disabled", true);
    reachable = true;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Columns" })).toBeTruthy();
    expect(select("Site Name").textContent).toBe("site name");
  });

  it("shows the server's message when the file is refused", async () => {
    const { user } = await open(() => ({ status: 400, body: { message: "Column 'Zip' is not in the file's headers", contextId: "ctx-5" } }));
    await chooseFile(user, SITES_CSV);
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("The file could not be imported: Column 'Zip' is not in the file's headers (ctx-5)")).toBeTruthy();
  });

  it("says a file without headers cannot be mapped", async () => {
    const { user } = await open();
    await user.upload(await screen.findByLabelText("CSV file"), new File([""], "empty.csv", { type: "text/csv" }));
    expect(await screen.findByText("This file has no column headers on its first line.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Check File" })).toHaveProperty("disabled", true);
  });

  it("opens the file picker from the keyboard", async () => {
    const { user } = await open();
    const input = (await screen.findByLabelText("CSV file")) as HTMLInputElement;
    const picked = vi.spyOn(input, "click").mockImplementation(() => {});
    screen.getByRole("button", { name: "Choose File" }).focus();
    await user.keyboard("{Enter}");
    expect(picked).toHaveBeenCalledTimes(1);
  });

  it("needs SETTINGS_WRITE", async () => {
    const { calls } = await open(dryRun, { permissions: ["SETTINGS_READ"] });
    expect(await screen.findByText("Importing a file needs the Edit Settings permission.")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
