/**
 * Test harness for signed-in screens: the real auth provider (a stored session, HTTP answered
 * by a fake `fetch`), the snackbar, a sync engine over fake-indexeddb and the in-memory sync
 * server, and a memory router with the screens' routes under the app's leave-page guard.
 */
import { ThemeProvider } from "@mui/material";
import { act, configure, render } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import { type RouteObject, RouterProvider, createMemoryRouter, useLocation } from "react-router";
import { vi } from "vitest";
import { theme } from "../ui/theme";
import { AuthProvider } from "../auth/AuthProvider";
import { type User, saveSession } from "../auth/session";
import type { SyncKind } from "../offline/kinds";
import type { SyncRecord } from "../domain/syncRecord";
import { SyncProvider } from "../offline/SyncProvider";
import { type TestTab, type TestWorld, openTab, testWorld } from "./fakeSync";
import { SnackbarProvider } from "../ui/snackbar/SnackbarProvider";
import { setViewportWidth } from "./render";
import { UnsavedChangesGuard } from "../ui/unsaved/UnsavedChangesGuard";

// The store and the router answer asynchronously; on a busy machine (CI runs everything at
// once) that can take more than testing-library's default second.
configure({ asyncUtilTimeout: 5_000 });

export const ORG = "0000000000000000000000000000000a";
export const USER = "0000000000000000000000000000000b";
export const hex = (n: number) => n.toString(16).padStart(32, "0");

export const STAMP = "2026-11-20T10:00:00.000Z";

export const DESKTOP = 1280;
export const PHONE = 375;

/** How the fake server answers one HTTP call: a status and JSON body, no answer at all, or a response made by the test (a streamed body). */
export type Answer = { status: number; body?: unknown } | "offline" | (() => Response);

export interface HarnessOptions {
  path: string;
  /** Earlier entries of the history, before `path`. */
  before?: string[];
  routes: RouteObject[];
  permissions?: string[];
  width?: number;
  /** Records on the server, downloaded before the screen shows. */
  records?: [SyncKind, Record<string, unknown>][];
  /** Answers to HTTP calls, by "METHOD /api/path". */
  http?: Record<string, Answer>;
  /** The sync server gives no answer: no download ever succeeds (no lastSuccessfulDownloadDate). */
  serverOffline?: boolean;
}

export interface Harness {
  world: TestWorld;
  tab: TestTab;
  fetch: ReturnType<typeof vi.fn>;
  router: ReturnType<typeof createMemoryRouter>;
  /** The local copy of a record, as the screens saved it. */
  stored<T = SyncRecord>(kind: SyncKind, id: string): Promise<T | undefined>;
}

const open: TestTab[] = [];

/** Closes the engines of the tests so far; call from afterEach after cleanup(). */
export function closeHarnesses(): void {
  while (open.length) open.pop()?.close();
  localStorage.clear();
  sessionStorage.clear();
}

/** Shows the current address, for tests to read where a screen went. */
export function WhereAmI() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

export async function renderScreen(options: HarnessOptions): Promise<Harness> {
  setViewportWidth(options.width ?? DESKTOP);
  // Terms accepted (§9 '1.0.1'), as at sign-up: no overlay covers the screen.
  const user: User = { id: USER, orgId: ORG, name: "Ada", email: "ada@example.com", permissions: options.permissions ?? ["*.*"], acceptedTermsVersion: "1.0.1" };
  saveSession({ user, token: "token", expires: "2099-01-01T00:00:00.000Z", refreshToken: "refresh" });

  const world = testWorld(new IDBFactory());
  for (const [kind, record] of options.records ?? []) world.server.seed(kind, { orgId: ORG, lastUpdated: STAMP, ...record } as SyncRecord);
  const tab = openTab(world);
  open.push(tab);
  if (options.serverOffline) world.server.offline = true;
  else await tab.engine.syncNow();

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const answer = options.http?.[`${init?.method ?? "GET"} ${url.pathname}`];
    if (!answer || answer === "offline") throw new TypeError("Failed to fetch");
    if (typeof answer === "function") return answer();
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });

  const router = createMemoryRouter(
    [
      {
        element: <UnsavedChangesGuard />,
        children: [...options.routes, { path: "/sites/:locationId", element: <WhereAmI /> }, { path: "*", element: <WhereAmI /> }],
      },
    ],
    { initialEntries: [...(options.before ?? []), options.path] },
  );
  await act(async () => {
    render(
      <ThemeProvider theme={theme}>
        <AuthProvider fetchFn={fetch as unknown as typeof globalThis.fetch}>
          <SnackbarProvider>
            <SyncProvider engine={tab.engine}>
              <RouterProvider router={router} />
            </SyncProvider>
          </SnackbarProvider>
        </AuthProvider>
      </ThemeProvider>,
    );
  });
  // The router renders nothing until a lazy route's module has loaded, which on a busy machine
  // is after the render above: a screen is open once the first navigation is done.
  await act(() => initialized(router));
  return {
    world,
    tab,
    fetch,
    router,
    stored: (kind, id) => tab.engine.get(kind, id),
  };
}

function initialized(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => router.state.initialized && router.state.navigation.state === "idle";
    if (done()) return resolve();
    const stop = router.subscribe(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });
}
