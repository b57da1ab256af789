/**
 * Test harness for the import screens: the real auth provider on a stored session, HTTP
 * answered by a function of the call (so a test can answer the same call differently over
 * time), the snackbar, and a memory router with the import routes. `navigator.onLine` reads
 * `online`.
 */
import { ThemeProvider } from "@mui/material";
import { act, configure, render } from "@testing-library/react";
import { type RouteObject, RouterProvider, createMemoryRouter, useLocation } from "react-router";
import { vi } from "vitest";
import { theme } from "../ui/theme";
import { AuthProvider } from "../auth/AuthProvider";
import { saveSession } from "../auth/session";
import { SnackbarProvider } from "../ui/snackbar/SnackbarProvider";
import { setViewportWidth } from "./render";
import type { ImportRecord } from "../features/imports/api";
import { importRoutes } from "../features/imports/routes";

configure({ asyncUtilTimeout: 5_000 });

export const ORG = "0000000000000000000000000000000a";

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type Answer = { status: number; body?: unknown } | "offline";

export interface ImportsHarness {
  calls: Call[];
  network: { online: boolean };
}

function WhereAmI() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

export async function renderImports(options: {
  path: string;
  answer: (call: Call) => Answer;
  permissions?: string[];
  width?: number;
  routes?: RouteObject[];
}): Promise<ImportsHarness> {
  setViewportWidth(options.width ?? 375);
  const network = { online: true };
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => network.online });
  saveSession({
    user: { id: "b".padStart(32, "0"), orgId: ORG, name: "Ada", email: "ada@example.com", permissions: options.permissions ?? ["*.*"] },
    token: "token",
    expires: "2099-01-01T00:00:00.000Z",
    refreshToken: "refresh",
  });
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call = {
      method: init?.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = network.online ? options.answer(call) : "offline";
    if (answer === "offline") throw new TypeError("Failed to fetch");
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": "application/json" } });
  });
  const router = createMemoryRouter([...(options.routes ?? []), ...importRoutes, { path: "*", element: <WhereAmI /> }], { initialEntries: [options.path] });
  await act(async () => {
    render(
      <ThemeProvider theme={theme}>
        <AuthProvider fetchFn={fetch as unknown as typeof globalThis.fetch}>
          <SnackbarProvider>
            <RouterProvider router={router} />
          </SnackbarProvider>
        </AuthProvider>
      </ThemeProvider>,
    );
  });
  return { calls, network };
}

/** An import record as the server answers it; `over` changes what a test is about. */
export function importRecord(over: Partial<ImportRecord> = {}): ImportRecord {
  return {
    id: "1".padStart(32, "0"),
    orgId: ORG,
    source: "safetyScan",
    dateStarted: "2026-11-20T10:00:00Z",
    dateCompleted: null,
    error: null,
    contextId: "ctx-1",
    importAllSites: false,
    clearAllData: false,
    importUsers: false,
    importDate: null,
    progress: { done: 0, total: 0 },
    recordsWritten: 0,
    rowsRejected: 0,
    ...over,
  };
}
