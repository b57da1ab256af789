// @vitest-environment jsdom
import { ThemeProvider } from "@mui/material";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "../../auth/AuthProvider";
import { loadSession, saveSession } from "../../auth/session";
import { SyncProvider } from "../../offline/SyncProvider";
import { imageQueue, replaceImageQueue } from "../../offline/images";
import { openImageQueue } from "../../offline/images/queue";
import { type TestTab, type TestWorld, openTab, testWorld } from "../../test/fakeSync";
import { theme } from "../../ui/theme";
import { LogoutButton } from "./LogoutButton";

vi.setConfig({ testTimeout: 30_000 });

const SITE = "1111111111111111111111111111111b";
const hex = (n: number) => n.toString(16).padStart(32, "0");
const item = (n: number) => ({ id: hex(n), orgId: "o1", locationId: SITE, name: `Item ${n}` });

let tab: TestTab | null = null;

afterEach(() => {
  cleanup();
  tab?.close();
  tab = null;
  localStorage.clear();
  replaceImageQueue(null);
});

async function show(world: TestWorld = testWorld(new IDBFactory())) {
  saveSession({
    user: { id: "u1", orgId: "o1", name: "Ann", email: "ann@acme.ca", permissions: ["*.*"] },
    token: "access",
    expires: "2099-01-01T00:00:00.000Z",
    refreshToken: "refresh",
  });
  tab = openTab(world);
  tab.engine.start();
  await tab.engine.idle();
  const fetch = vi.fn(async () => new Response(null, { status: 204 }));
  await act(async () => {
    render(
      <ThemeProvider theme={theme}>
        <AuthProvider fetchFn={fetch as unknown as typeof globalThis.fetch}>
          <SyncProvider engine={tab!.engine}>
            <LogoutButton />
          </SyncProvider>
        </AuthProvider>
      </ThemeProvider>,
    );
  });
  return { world, tab, fetch };
}

/** Two changes saved while the server cannot be reached. */
async function unsent(world: TestWorld, t: TestTab) {
  world.server.offline = true;
  await t.engine.put("equipment", item(1));
  await t.engine.put("equipment", item(2));
}

describe("logging out", () => {
  it("ends the session and clears the organisation's data from the device", async () => {
    const user = userEvent.setup();
    const { tab: t, fetch } = await show();
    await t.engine.put("equipment", item(1));
    await user.click(screen.getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(loadSession()).toBeNull());
    await waitFor(async () => expect(await t.store.keys()).toEqual([]));
    expect(fetch).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: "DELETE" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("with changes still waiting, says how many and clears nothing until the user chooses", async () => {
    const user = userEvent.setup();
    const { world, tab: t } = await show();
    await unsent(world, t);
    await user.click(screen.getByRole("button", { name: "Logout" }));
    const dialog = await screen.findByRole("dialog", { name: "Changes not sent yet" });
    expect(dialog.textContent).toMatch(/2 change\(s\) made on this device have not reached the server yet/);
    expect(dialog.textContent).toMatch(/they will be lost/);
    expect(loadSession()).not.toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(loadSession()).not.toBeNull();
    expect(await t.engine.pendingChanges()).toBe(2);
  });

  it("offers Sync Now: still offline, it says so with the count; back online, it sends them and logs out", async () => {
    const user = userEvent.setup();
    const { world, tab: t } = await show();
    await unsent(world, t);
    await user.click(screen.getByRole("button", { name: "Logout" }));
    let dialog = await screen.findByRole("dialog", { name: "Changes not sent yet" });

    await user.click(within(dialog).getByRole("button", { name: "Sync Now" }));
    dialog = await screen.findByRole("dialog", { name: "Changes not sent yet" });
    await within(dialog).findByText(/could not all be sent/);
    expect(dialog.textContent).toMatch(/2 change\(s\)/);
    expect(loadSession()).not.toBeNull();

    world.server.offline = false;
    await user.click(within(dialog).getByRole("button", { name: "Sync Now" }));
    await waitFor(() => expect(loadSession()).toBeNull());
    expect(world.server.stored("equipment", hex(1))).toMatchObject({ name: "Item 1" });
    await waitFor(async () => expect(await t.store.keys()).toEqual([]));
  });

  it("Log Out Anyway discards them and clears the device", async () => {
    const user = userEvent.setup();
    const { world, tab: t } = await show();
    await unsent(world, t);
    await user.click(screen.getByRole("button", { name: "Logout" }));
    const dialog = await screen.findByRole("dialog", { name: "Changes not sent yet" });
    await user.click(within(dialog).getByRole("button", { name: "Log Out Anyway" }));
    await waitFor(() => expect(loadSession()).toBeNull());
    await waitFor(async () => expect(await t.store.keys()).toEqual([]));
    expect(world.server.stored("equipment", hex(1))).toBeUndefined();
  });

  it("with a photo not yet uploaded, says so too, and Log Out Anyway deletes it from the device", async () => {
    replaceImageQueue(openImageQueue({ indexedDB: new IDBFactory(), channel: null }));
    await imageQueue().keep({ fileName: `photos/${hex(7)}.jpg`, folder: "photos", blob: new Blob(["x"]) }, 1);
    const user = userEvent.setup();
    await show();
    await user.click(screen.getByRole("button", { name: "Logout" }));
    const dialog = await screen.findByRole("dialog", { name: "Changes not sent yet" });
    expect(dialog.textContent).toMatch(/1 photo\(s\) taken on this device have not reached the server yet/);
    expect(dialog.textContent).not.toMatch(/change\(s\)/);
    expect(loadSession()).not.toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Log Out Anyway" }));
    await waitFor(() => expect(loadSession()).toBeNull());
    await waitFor(async () => expect(await imageQueue().waitingCount()).toBe(0));
  });
});
