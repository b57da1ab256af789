/**
 * Test helpers for the equipment list, form and actions: a device whose offline store holds
 * what a fake server sent down, a signed-in user with chosen permissions, and a screen
 * rendered inside the app's providers and a memory router.
 */
import { RouterProvider, createMemoryRouter, type RouteObject } from "react-router";
import { IDBFactory } from "fake-indexeddb";
import { AuthProvider } from "../../auth/AuthProvider";
import { saveSession } from "../../auth/session";
import type { SyncKind } from "../../offline/kinds";
import type { SyncRecord } from "../../domain/syncRecord";
import { SyncProvider } from "../../offline/SyncProvider";
import { type TestTab, openTab, testWorld } from "../fakeSync";
import { SnackbarProvider } from "../../ui/snackbar/SnackbarProvider";
import { renderThemed } from "../render";
import { UnsavedChangesGuard } from "../../ui/unsaved/UnsavedChangesGuard";

export const hex = (n: number) => n.toString(16).padStart(32, "0");
export const ORG = hex(0xa);
export const USER = hex(0xb);
export const SITE = hex(0x100);
export const OTHER_SITE = hex(0x101);
export const EXTINGUISHER = hex(0x200);
export const B500 = hex(0x300);
export const MONTHLY = hex(0x400);
export const ANNUAL = hex(0x401);

const DAY = 86_400_000;
/** An instant `days` before the real now (the due engine reads the real clock). */
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

export type Seed = [SyncKind, Partial<SyncRecord> & Record<string, unknown>];

/** Two sites, an extinguisher type with a monthly inspection and an annual service, one model. */
export function catalogueSeeds(): Seed[] {
  const timeRule = (id: string, type: number) => [{ id: hex(0x4f0 + type), type: "time", timeFrequencyType: type, timeFrequency: 1, serviceTypeId: id }];
  return [
    ["locations", { id: SITE, name: "Harbour Tower", status: "active", timeZone: "America/Toronto" }],
    ["locations", { id: OTHER_SITE, name: "Maple Mall", status: "active", timeZone: "America/Toronto" }],
    ["equipmentTypes", { id: EXTINGUISHER, name: "Extinguisher" }],
    ["models", { id: B500, name: "Amerex B500", equipmentTypeId: EXTINGUISHER, fieldData: { [hex(0x500)]: "Red cylinder" } }],
    ["modelFields", { id: hex(0x500), name: "Colour" }],
    ["equipmentFields", { id: hex(0x600), name: "Pressure", equipmentTypeId: EXTINGUISHER }],
    [
      "serviceTypes",
      { id: MONTHLY, name: "Monthly Inspection", equipmentTypeId: EXTINGUISHER, inspection: true, frequencyType: 6, frequency: 1, dueWhen: "any", conditions: timeRule(MONTHLY, 6) },
    ],
    [
      "serviceTypes",
      { id: ANNUAL, name: "Annual Service", equipmentTypeId: EXTINGUISHER, inspection: false, frequencyType: 7, frequency: 1, dueWhen: "any", conditions: timeRule(ANNUAL, 7) },
    ],
  ];
}

/** An item at `site` with both services last done `inspected` and `serviced` days ago. */
export function itemSeeds(id: string, name: string, inspected: number, serviced: number, extra: Record<string, unknown> = {}, site = SITE): Seed[] {
  return [
    ["equipment", { id, name, locationId: site, modelId: B500, manufactureDate: "2020-05-01T04:00:00.000Z", ...extra }],
    ["performedServices", { id: `${id}-${MONTHLY}`, equipmentId: id, serviceTypeId: MONTHLY, locationId: site, lastDate: daysAgo(inspected) }],
    ["performedServices", { id: `${id}-${ANNUAL}`, equipmentId: id, serviceTypeId: ANNUAL, locationId: site, lastDate: daysAgo(serviced) }],
  ];
}

export interface Device {
  tab: TestTab;
  engine: TestTab["engine"];
}

/** A signed-in device that has downloaded `seeds`; `download: false` leaves it never synced. */
export async function openDevice(seeds: Seed[], permissions: string[] = ["*.*"], { download = true } = {}): Promise<Device> {
  const world = testWorld(new IDBFactory());
  const tab = openTab(world);
  for (const [kind, record] of seeds) {
    const full = { orgId: ORG, lastUpdated: "2026-11-01T00:00:00.000Z", ...record } as SyncRecord;
    if (download) world.server.seed(kind, full);
    else await tab.engine.put(kind as Exclude<SyncKind, "globalAlerts">, full);
  }
  if (download) await tab.engine.syncNow();
  saveSession({
    user: { id: USER, orgId: ORG, name: "Tess Tech", email: "tess@example.com", permissions },
    token: "token",
    expires: "2099-01-01T00:00:00.000Z",
    refreshToken: "refresh",
  });
  return { tab, engine: tab.engine };
}

/** Renders `routes` at `path` inside the app's providers and leave-page guard; the router tells where the app went. */
export function renderRoutes(device: Device, path: string, routes: RouteObject[]) {
  const router = createMemoryRouter([{ element: <UnsavedChangesGuard />, children: [...routes, { path: "*", element: <p>Elsewhere</p> }] }], {
    initialEntries: [path],
  });
  const view = renderThemed(
    <SnackbarProvider>
      <AuthProvider>
        <SyncProvider engine={device.engine}>
          <RouterProvider router={router} />
        </SyncProvider>
      </AuthProvider>
    </SnackbarProvider>,
  );
  return { router, ...view };
}

/** Where the router is now. */
export function pathOf(router: { state: { location: { pathname: string; search: string } } }): string {
  return router.state.location.pathname + router.state.location.search;
}
