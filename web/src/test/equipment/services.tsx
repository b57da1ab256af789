/**
 * Test support for the services, history and deficiency screens: a signed-in user with chosen
 * permissions, a real sync engine over fake IndexedDB holding the given records, and the
 * services routes beside an equipment page (services and history) and a tag page (updateOnScan).
 */
import { ThemeProvider } from "@mui/material";
import { configure, render } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import { type RouteObject, RouterProvider, createMemoryRouter, useParams } from "react-router";
import { theme } from "../../ui/theme";
import { AuthProvider } from "../../auth/AuthProvider";
import { SESSION_KEY, type Session } from "../../auth/session";
import type { HistoryRecord } from "../../domain/history";
import type { SyncKind, UploadKind } from "../../offline/kinds";
import type { LocalRecord } from "../../offline/records";
import { SyncProvider } from "../../offline/SyncProvider";
import type { SyncEngine } from "../../offline/sync/engine";
import { type FakeSyncServer, type TestTab, openTab, testWorld } from "../fakeSync";
import { SnackbarProvider } from "../../ui/snackbar/SnackbarProvider";
import { UnsavedChangesGuard } from "../../ui/unsaved/UnsavedChangesGuard";
import { HistoryList } from "../../features/equipment/services/history/HistoryList";
import { DeficiencyPage } from "../../features/equipment/services/deficiencies/DeficiencyPage";
import { serviceRoutes } from "../../features/equipment/services/routes";
import { ServicesPanel } from "../../features/equipment/services/ServicesPanel";
import { useUpdateOnScan } from "../../features/equipment/services/useUpdateOnScan";

// The machine running the tests is shared; screens read the store in a few turns of the event loop.
configure({ asyncUtilTimeout: 5000 });

const hex = (n: number) => n.toString(16).padStart(32, "0");
export const ORG = hex(0xa);
export const USER = hex(0xb);
export const SITE = hex(0x1);
export const TYPE = hex(0x2);
export const MODEL = hex(0x3);
export const ITEM = hex(0x4);
export const MONTHLY = hex(0x5);
export const ANNUAL = hex(0x6);
export const RECHARGE = hex(0x7);
export const FIELD = hex(0x8);
export { hex };

export const ALL_PERMISSIONS = ["*.*"];

/** The records of one item at a Toronto site: a monthly inspection, an annual service and an unscheduled recharge. */
export function baseRecords(): [UploadKind, LocalRecord & Record<string, unknown>][] {
  return [
    ["organization", { id: ORG, orgId: ORG, name: "Acme Safety", email: "office@acme.test", lastDateMinimumGranularity: "day" }],
    ["locations", { id: SITE, orgId: ORG, name: "Head Office", status: "active", timeZone: "America/Toronto" }],
    ["equipmentTypes", { id: TYPE, orgId: ORG, name: "Extinguisher" }],
    ["models", { id: MODEL, orgId: ORG, name: "X-100", equipmentTypeId: TYPE }],
    ["equipmentFields", { id: FIELD, orgId: ORG, name: "Pressure", equipmentTypeId: TYPE }],
    [
      "equipment",
      {
        id: ITEM,
        orgId: ORG,
        locationId: SITE,
        name: "Lobby",
        modelId: MODEL,
        manufactureDate: "2020-01-01T05:00:00.000Z",
        fieldData: { [FIELD]: "100" },
      },
    ],
    [
      "serviceTypes",
      { id: MONTHLY, orgId: ORG, name: "Monthly Inspection", equipmentTypeId: TYPE, dueWhen: "any", frequencyType: 6, frequency: 1, inspection: true },
    ],
    ["serviceTypes", { id: ANNUAL, orgId: ORG, name: "Annual Service", equipmentTypeId: TYPE, dueWhen: "any", frequencyType: 7, frequency: 1 }],
    ["serviceTypes", { id: RECHARGE, orgId: ORG, name: "Recharge", equipmentTypeId: TYPE, dueWhen: "any", unscheduled: true }],
  ];
}

function EquipmentProbe() {
  const { locationId = "", equipmentId = "" } = useParams();
  return (
    <>
      <h1>Equipment page</h1>
      <ServicesPanel locationId={locationId} equipmentId={equipmentId} />
      <HistoryList locationId={locationId} equipmentId={equipmentId} />
    </>
  );
}

function TagProbe() {
  const { locationId = "", equipmentId = "" } = useParams();
  useUpdateOnScan(locationId, equipmentId);
  return <h1>Tag page</h1>;
}

export interface Setup {
  tab: TestTab;
  /** The server the device syncs with (uploads go when the test calls syncNow). */
  server: FakeSyncServer;
  engine: SyncEngine;
  router: ReturnType<typeof createMemoryRouter>;
  /** The kind's stored records that are not deleted. */
  list<T>(kind: SyncKind): Promise<T[]>;
  history(): Promise<HistoryRecord[]>;
}

export interface SetupOptions {
  permissions?: string[];
  records?: [UploadKind, LocalRecord & Record<string, unknown>][];
  /** The entries of the router's history; the last one is shown. */
  path: string | string[];
  /** Stands in for the engine the screens use (to hold writes, say). */
  wrapEngine?: (engine: SyncEngine) => SyncEngine;
  /** More screens beside the services routes (the visit screen). */
  routes?: RouteObject[];
}

let open: TestTab[] = [];

/** Closes the engines of the tests so far; call after each test. */
export function closeTabs(): void {
  for (const tab of open) tab.close();
  open = [];
}

export async function setup({ permissions = ALL_PERMISSIONS, records = baseRecords(), path, wrapEngine, routes = [] }: SetupOptions): Promise<Setup> {
  const session: Session = {
    user: { id: USER, orgId: ORG, name: "Tess Tech", email: "tess@acme.test", permissions },
    token: "token",
    expires: "2999-01-01T00:00:00.000Z",
    refreshToken: "refresh",
  };
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  const world = testWorld(new IDBFactory());
  const tab = openTab(world);
  open.push(tab);
  for (const [kind, record] of records) await tab.engine.put(kind, record);
  const engine = wrapEngine ? wrapEngine(tab.engine) : tab.engine;
  const entries = Array.isArray(path) ? path : [path];
  const router = createMemoryRouter(
    [
      {
        // The app's one leave-page guard, as at the root of its routes.
        element: <UnsavedChangesGuard />,
        children: [
          ...serviceRoutes,
          ...routes,
          { path: "/sites/:locationId/equipment/:equipmentId", element: <EquipmentProbe /> },
          { path: "/sites/:locationId/equipment-tag/:equipmentId", element: <TagProbe /> },
          { path: "/equipment/:equipmentId/deficiency/new", element: <DeficiencyPage /> },
        ],
      },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <ThemeProvider theme={theme}>
      <AuthProvider>
        <SyncProvider engine={engine}>
          <SnackbarProvider>
            <RouterProvider router={router} />
          </SnackbarProvider>
        </SyncProvider>
      </AuthProvider>
    </ThemeProvider>,
  );
  const list = <T,>(kind: SyncKind) => tab.engine.list<T>(kind, undefined);
  return { tab, server: world.server, engine, router, list, history: () => list<HistoryRecord>("history") };
}

export const equipmentUrl = `/sites/${SITE}/equipment/${ITEM}`;
