// @vitest-environment jsdom
import { ThemeProvider } from "@mui/material";
import { act, cleanup, configure, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import dayjs from "dayjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { theme } from "../../ui/theme";
import { AuthProvider } from "../../auth/AuthProvider";
import { saveSession } from "../../auth/session";
import { SnackbarProvider } from "../../ui/snackbar/SnackbarProvider";
import { type Downloads, captureDownloads } from "../../test/downloads";
import { pickerInput, setPicker } from "../../test/pickers";
import { setViewportWidth } from "../../test/render";
import { ExportBillingDialog } from "./ExportBillingDialog";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const ORG = "0000000000000000000000000000000a";
const START = dayjs().startOf("month").format("YYYY-MM-DD");
const END = dayjs().endOf("month").format("YYYY-MM-DD");

type Answer = { status: number; body: string; disposition?: string } | "offline";

let downloads: Downloads;

beforeEach(() => {
  downloads = captureDownloads();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function show(answer: () => Answer) {
  setViewportWidth(375);
  saveSession({ user: { id: "b".padStart(32, "0"), orgId: ORG, name: "Ada", email: "ada@example.com", permissions: ["*.*"] }, token: "token-1", expires: "2099-01-01T00:00:00.000Z", refreshToken: "r" });
  const calls: { url: URL; auth: string | undefined }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), auth: (init?.headers as Record<string, string>).Authorization });
    const reply = answer();
    if (reply === "offline") throw new TypeError("Failed to fetch");
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (reply.disposition) headers["Content-Disposition"] = reply.disposition;
    return new Response(reply.body, { status: reply.status, headers });
  });
  const onClose = vi.fn();
  await act(async () => {
    render(
      <ThemeProvider theme={theme}>
        <AuthProvider fetchFn={fetchFn as unknown as typeof fetch}>
          <SnackbarProvider>
            <ExportBillingDialog onClose={onClose} />
          </SnackbarProvider>
        </AuthProvider>
      </ThemeProvider>,
    );
  });
  const dialog = await screen.findByRole("dialog", { name: "Export Billing Data" });
  return { calls, onClose, dialog, user: userEvent.setup() };
}


describe("ExportBillingDialog", () => {
  it("defaults to the current month and saves the billing export as JSON", async () => {
    const { calls, onClose, dialog, user } = await show(() => ({ status: 200, body: "{\"counts\":[]}", disposition: 'attachment; filename="Billing Acme.json"' }));
    expect([pickerInput(/^Start Date/, dialog).value, pickerInput(/^End Date/, dialog).value]).toEqual([START, END]);
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]!.url.pathname).toBe(`/api/organizations/${ORG}/export/billing`);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ startDate: START, endDate: END });
    expect(calls[0]!.auth).toBe("Bearer token-1");
    expect(downloads.saved).toEqual(["Billing Acme.json"]);
  });

  it("names the file by its dates when the server gives no name", async () => {
    const { dialog, user } = await show(() => ({ status: 200, body: "{}" }));
    setPicker(/^Start Date/, "2026-01-01", dialog);
    setPicker(/^End Date/, "2026-03-31", dialog);
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    await vi.waitFor(() => expect(downloads.saved).toEqual(["Billing Data - 2026-01-01 - 2026-03-31.json"]));
  });

  it("needs both dates, the end not before the start", async () => {
    const { dialog } = await show(() => ({ status: 200, body: "{}" }));
    const download = within(dialog).getByRole("button", { name: "Download" });
    setPicker(/^Start Date/, "", dialog);
    expect(download).toHaveProperty("disabled", true);
    expect(within(dialog).getByTitle("Required")).toBeTruthy();
    setPicker(/^Start Date/, END, dialog);
    setPicker(/^End Date/, START, dialog);
    expect(within(dialog).getByText("End Date must not be before Start Date")).toBeTruthy();
    expect(download).toHaveProperty("disabled", true);
  });

  it("says the device must be online, and offers Try Again once it is back", async () => {
    const { calls, dialog, user } = await show(() => ({ status: 200, body: "{}" }));
    downloads.online = false;
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    expect(await within(dialog).findByText("The device must be online to export billing data. Try again when it is back online.")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Try Again" })).toHaveProperty("disabled", true);
    downloads.online = true;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await within(dialog).findByText("The device is back online.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Try Again" }));
    await vi.waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(calls).toHaveLength(1);
  });

  it("shows the server's answer when the export fails", async () => {
    const { dialog, user } = await show(() => ({ status: 404, body: JSON.stringify({ message: "Not found", contextId: "ctx-9" }) }));
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    expect(await within(dialog).findByText("The billing data could not be exported: Not found (ctx-9)")).toBeTruthy();
  });
});
