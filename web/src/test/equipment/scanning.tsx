/**
 * Test ground for the scanning screens: a signed-in user (permissions as the test says), an
 * offline store and sync engine over fake IndexedDB, the snackbar, and a memory router that
 * shows where the screen navigated. Only tests import this file.
 */
import { ThemeProvider } from "@mui/material";
import { render, screen } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import type { ReactElement } from "react";
import { Outlet, RouterProvider, createMemoryRouter, useLocation, type RouteObject } from "react-router";
import { theme } from "../../ui/theme";
import { AuthProvider } from "../../auth/AuthProvider";
import { SESSION_KEY } from "../../auth/session";
import type { HistoryRecord } from "../../domain/history";
import type { Equipment, Site } from "../../domain/records";
import type { UploadKind } from "../../offline/kinds";
import { SyncProvider } from "../../offline/SyncProvider";
import type { SyncEngine } from "../../offline/sync/engine";
import { type TestTab, openTab, testWorld } from "../fakeSync";
import { SnackbarProvider } from "../../ui/snackbar/SnackbarProvider";
import { setViewportWidth } from "../render";

export const ORG = "0000000000000000000000000000000a";
export const USER = "0000000000000000000000000000000b";
export const HERE = "1111111111111111111111111111111a";
export const THERE = "2222222222222222222222222222222b";

export const hex = (n: number) => n.toString(16).padStart(32, "0");

export function site(id: string, name: string): Site {
  return { id, orgId: ORG, name, status: "active", timeZone: "America/Toronto", lastUpdated: "2026-11-01T00:00:00.000Z" };
}

export function item(id: string, locationId: string, name: string, barcode: string | null, more: Partial<Equipment> = {}): Equipment {
  return { id, orgId: ORG, locationId, name, barcode, lastUpdated: "2026-11-01T00:00:00.000Z", ...more };
}

export function signIn(permissions: string[] = ["*.*"]): void {
  localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({
      user: { id: USER, orgId: ORG, name: "Tess Tech", email: "tess@example.com", permissions },
      token: "token",
      expires: "2099-01-01T00:00:00.000Z",
      refreshToken: "refresh",
    }),
  );
}

/** A fresh device: its store and engine, with the given records saved on it. */
export async function device(
  records: { locations?: Site[]; equipment?: Equipment[]; history?: HistoryRecord[]; other?: [kind: UploadKind, record: { id: string; locationId?: string } & Record<string, unknown>][] } = {},
): Promise<TestTab> {
  const tab = openTab(testWorld(new IDBFactory()));
  for (const record of records.locations ?? []) await tab.engine.put("locations", record);
  for (const record of records.equipment ?? []) await tab.engine.put("equipment", record);
  for (const record of records.history ?? []) await tab.engine.put("history", record);
  for (const [kind, record] of records.other ?? []) await tab.engine.put(kind, record);
  return tab;
}

function WhereAmI() {
  const { pathname, search } = useLocation();
  return (
    <>
      <div data-testid="location">{pathname + search}</div>
      <Outlet />
    </>
  );
}

/** Renders `routes` (or `ui` at `path`, with router `state`) for a signed-in user on `tab`'s device. */
export function renderScreen(
  tab: TestTab,
  options: { ui?: ReactElement; path?: string; state?: unknown; routes?: RouteObject[]; width?: number; engine?: SyncEngine },
) {
  setViewportWidth(options.width ?? 375);
  const path = options.path ?? "/sites/" + HERE;
  const routes = options.routes ?? [{ path: "/sites/:locationId", element: options.ui }];
  const router = createMemoryRouter([{ element: <WhereAmI />, children: [...routes, { path: "*", element: null }] }], {
    initialEntries: [options.state === undefined ? path : { pathname: path, state: options.state }],
  });
  render(
    <ThemeProvider theme={theme}>
      <SnackbarProvider>
        <AuthProvider>
          <SyncProvider engine={options.engine ?? tab.engine}>
            <RouterProvider router={router} />
          </SyncProvider>
        </AuthProvider>
      </SnackbarProvider>
    </ThemeProvider>,
  );
  return router;
}

/** Where the router is now: path and query. */
export function currentLocation(): string {
  return screen.getByTestId("location").textContent ?? "";
}
