/**
 * Browser tests against the real thing: the `fieldtag` binary on a fresh data directory,
 * serving the built web app, driven in Debian's Chromium by playwright-core.
 * FIELDTAG_BIN (the server binary), FIELDTAG_WEB_DIR (web/dist) and FIELDTAG_CHROMIUM come
 * from `make test-e2e`; FIELDTAG_DATABASE_URL, when set, puts the server on PostgreSQL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, type Locator, type Page, type Request, chromium } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

const BROWSER_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

export interface Server {
  url: string;
  stop(): Promise<void>;
  /** Stops the server and starts it again on the same port and data, as a deploy does. */
  restart(): Promise<void>;
}

/**
 * Starts the real server (with `env` added) and Chromium before a test file's tests, hands
 * them to `use`, and stops them after the file.
 */
export function withServerAndBrowser(use: (server: Server, browser: Browser) => void, env: Record<string, string> = {}): void {
  let server: Server | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
    use(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/** Starts the server; `extraEnv` adds to its environment (e.g. a payment provider to use). */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<Server> {
  const bin = process.env.FIELDTAG_BIN;
  if (!bin) throw new Error("FIELDTAG_BIN is not set: run the browser tests with `make test-e2e`");
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "fieldtag-e2e-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FIELDTAG_PORT: String(port),
    FIELDTAG_DATA_DIR: dataDir,
    FIELDTAG_WEB_DIR: resolve(process.env.FIELDTAG_WEB_DIR ?? "dist"),
    RUST_LOG: process.env.RUST_LOG ?? "warn",
    ...extraEnv,
  };
  const url = `http://127.0.0.1:${port}`;
  let child = await spawnHealthy(bin, env, url);
  const kill = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
  };
  return {
    url,
    async stop() {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await kill();
      child = await spawnHealthy(bin, env, url);
    },
  };
}

async function spawnHealthy(bin: string, env: NodeJS.ProcessEnv, url: string): Promise<ChildProcess> {
  const child: ChildProcess = spawn(bin, ["serve"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`fieldtag exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("fieldtag did not become healthy in 20 s");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Launches Chromium, trying again once: on a loaded machine Debian's Chromium has crashed at
 * launch (SIGSEGV before its first page), which says nothing about the app under test.
 */
export async function launchBrowser(): Promise<Browser> {
  const launch = () => chromium.launch({ executablePath: process.env.FIELDTAG_CHROMIUM ?? "/usr/bin/chromium", args: BROWSER_ARGS });
  try {
    return await launch();
  } catch (error) {
    console.warn(`Chromium did not start (${String(error).split("\n")[0]}); trying once more`);
    return launch();
  }
}

/** The live sync stream stays open while the app runs: it never counts as traffic in flight. */
const LIVE_STREAM = /\/sync\/events(\?|$)/;
/** Each page's requests in flight, the live stream left out (see {@link networkQuiet}). */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(context: BrowserContext): void {
  const of = (request: Request): Set<Request> | undefined => {
    if (request.serviceWorker()) return undefined; // the worker's own fetches; the page's show as the page's
    const page = request.frame().page();
    let requests = inFlight.get(page);
    if (!requests) inFlight.set(page, (requests = new Set()));
    return requests;
  };
  context.on("request", (request) => LIVE_STREAM.test(request.url()) || of(request)?.add(request));
  context.on("requestfinished", (request) => of(request)?.delete(request));
  context.on("requestfailed", (request) => of(request)?.delete(request));
}

/**
 * Resolves once the page has loaded and no request has been in flight for 500 ms, the live
 * sync stream left out: Playwright's "networkidle" never comes while the app holds the stream.
 * For pages of a context from {@link newContext}.
 */
export async function networkQuiet(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForLoadState("load");
  const deadline = Date.now() + timeout;
  let quietSince = Date.now();
  for (;;) {
    if ((inFlight.get(page)?.size ?? 0) > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    if (Date.now() > deadline) throw new Error(`requests still in flight after ${timeout} ms: ${[...(inFlight.get(page) ?? [])].map((r) => r.url()).join(", ")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function newContext(browser: Browser, server: Server, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url, viewport, serviceWorkers: "allow" });
  context.setDefaultTimeout(15_000);
  trackRequests(context);
  if (process.env.FIELDTAG_E2E_CONSOLE) context.on("console", (m) => console.log(`[browser ${m.type()}] ${m.text()}`));
  return context;
}

let counter = 0;
/** A fresh identity per test, so tests never share an account. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function signUp(page: Page, who: { email: string; password: string; name: string; company: string }): Promise<void> {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(who.name);
  await page.getByLabel("Company Name").fill(who.company);
  await page.getByLabel("I agree to the terms and conditions").check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL("**/welcome");
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/**
 * Logs out as a user would: on a phone from the menu (the bar has no room for it), elsewhere
 * from the bar. Clearing the device reloads the page; this waits for that reload, so the next
 * step does not race it, unless the logout is expected to stop at the 'Changes not sent yet'
 * dialog (`clears: false`).
 */
export async function logOut(page: Page, { clears = true } = {}): Promise<void> {
  if ((page.viewportSize()?.width ?? VIEWPORTS.desktop.width) < 600) await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
  const reloaded = clears ? page.waitForEvent("load") : undefined;
  await page.getByRole("button", { name: "Logout" }).click();
  await reloaded;
}

/** Waits until the service worker controls the page, so the shell is precached. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
    }
  });
}

/** Polls `read` until the expectation holds (20 s): the app's answers come after sync and rendering. */
export function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 20_000, interval: 100 });
}

/**
 * Signs in through the login screen and waits for the sites list with its first download done.
 * The sites list is asked for (`from`), as a desktop user with REPORT_READ lands on the dashboard.
 */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto("/?from=%2Fsites");
  await logIn(page, account.email, account.password);
  await page.waitForURL("**/sites");
  await eventually(() => page.getByText(/Up to date as of/).first().isVisible()).toBe(true);
}

/** The number on a tab's badge (the tab named `label`, then its count). */
export function badgeOf(page: Page, label: string): Promise<number> {
  return page
    .getByRole("tab", { name: new RegExp(`^${label}\\b`) })
    .locator(".MuiBadge-badge")
    .textContent()
    .then((text) => Number(text ?? Number.NaN));
}

/** A service's action, through its card's Service Options button and the service options dialog (§2). */
export async function chooseServiceOption(page: Page, card: Locator, option: "Perform Now" | "From Scheduled" | "Edit Dates"): Promise<void> {
  await card.getByRole("button", { name: "Service Options" }).click();
  await page.getByRole("dialog").getByRole(option === "Edit Dates" ? "link" : "button", { name: option, exact: true }).click();
}
