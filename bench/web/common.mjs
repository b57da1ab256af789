// What the web benchmarks share: the release server on a fresh data directory, Chromium with
// a profile on disk (as a phone has: an in-memory profile stores IndexedDB values far more
// slowly), and small helpers.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// playwright-core is installed with the web app's packages.
const { chromium } = createRequire(resolve("web/package.json"))("playwright-core");

export const dist = resolve(process.env.FIELDTAG_WEB_DIR ?? "web/dist");

export const hex = () => randomBytes(16).toString("hex");

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const freePort = () =>
  new Promise((done) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

/** The release server (`bin`) on a fresh data directory, serving the web app built into `webDir`. */
export async function startServer(webDir = dist, bin = process.env.FIELDTAG_BIN) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "fieldtag-webbench-"));
  const env = { ...process.env, FIELDTAG_PORT: String(port), FIELDTAG_DATA_DIR: dataDir, FIELDTAG_WEB_DIR: webDir, RUST_LOG: "warn" };
  const child = spawn(bin, ["serve"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (i > 400) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, pid: child.pid, stop: () => (child.kill("SIGTERM"), rmSync(dataDir, { recursive: true, force: true })) };
}


export async function launchProfile(server, viewport) {
  const profile = mkdtempSync(join(tmpdir(), "fieldtag-webbench-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.FIELDTAG_CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    baseURL: server.url,
    viewport,
  });
  return { context, close: async () => (await context.close(), rmSync(profile, { recursive: true, force: true })) };
}

/** Signs up an organisation through the API; answers its ids, token and an upload function. */
export async function signUp(url, email, password) {
  const answer = await fetch(`${url}/api/users`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Bench", email, password, organizationName: "Bench Co", plan: "Basic", acceptedTermsVersion: "1.0.1" }),
  });
  const { user, token } = await answer.json();
  const sync = `${url}/api/organizations/${user.orgId}/sync`;
  const upload = async (body) => {
    const response = await fetch(sync, { method: "PATCH", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`seed failed: ${response.status} ${await response.text()}`);
  };
  return { orgId: user.orgId, token, upload };
}

/** Logs in through the app and waits for the first download to finish; answers when Login was pressed. */
export async function logIn(page, email, password) {
  await page.goto("/");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  const pressed = Date.now();
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByText(/Up to date as of (?!Never)/).first().waitFor({ timeout: 300_000 });
  return pressed;
}

/** Stops Chromium's profiler (a CDP session that started it) and prints the 25 functions with the most time of their own. */
export async function stopProfile(session) {
  if (!session) return;
  const { profile } = await session.send("Profiler.stop");
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, n) => {
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[n] ?? 0) / 1000);
  });
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`profile: ${ms.toFixed(1)} ms ${key}`);
}

/** Runs `act` in the page and answers the ms until `done()` holds at an animation frame; `window.__acted` holds the ms of `act` itself. */
export function timeInPage(page, act, done, arg) {
  return page.evaluate(
    async ({ act, done, arg }) => {
      const action = new Function("arg", act);
      const check = new Function("arg", done);
      const started = performance.now();
      action(arg);
      window.__acted = performance.now() - started;
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        if (await check(arg)) return performance.now() - started;
        if (performance.now() - started > 60_000) throw new Error("timed out");
      }
    },
    { act, done, arg },
  );
}

/** The keys typed into the equipment search: "4321" a key at a time, then taken back; every key changes the rows. */
export const SEARCH_KEYS = ["4", "43", "432", "4321", "432", "43", "4", ""];

/** Sets the focused search box to `text` and answers the ms until the equipment list's rows changed. */
export function searchKeystroke(page, text) {
  return timeInPage(
    page,
    `const box = document.activeElement; const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
     window.__rows = document.querySelector(".MuiList-root")?.textContent;
     set.call(box, arg); box.dispatchEvent(new Event("input", { bubbles: true }));`,
    `return document.activeElement.value === arg && document.querySelector(".MuiList-root")?.textContent !== window.__rows;`,
    text,
  );
}

/** The server's equipment-type changes after `cursor`, as a device downloads them; answers them and the new cursor. */
export async function changesSince(url, orgId, token, cursor) {
  const all = [];
  for (;;) {
    const response = await fetch(`${url}/api/organizations/${orgId}/sync?cursor=${cursor}`, { headers: { Authorization: `Bearer ${token}` } });
    const page = await response.json();
    all.push(...(page.equipmentTypes ?? []));
    cursor = page.cursor;
    if (!page.hasMore) return { records: all, cursor };
  }
}

/** Polls `check` every 20 ms until it holds; throws after `timeout` ms naming `what`. */
export async function until(check, what, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Saves `records` as the app saves a local change: flagged in the kind's list, and in the outbox. */
export function queueInStore(page, kind, records) {
  return page.evaluate(
    async ({ kind, records }) => {
      const db = await new Promise((ok, no) => {
        const open = indexedDB.open("fieldtag");
        open.onsuccess = () => ok(open.result);
        open.onerror = () => no(open.error);
      });
      const tx = db.transaction("keyval", "readwrite");
      const store = tx.objectStore("keyval");
      const read = (key) => new Promise((ok) => (store.get(key).onsuccess = (e) => ok(e.target.result ?? [])));
      const [list, outbox] = await Promise.all([read(kind), read("sync:outbox")]);
      store.put([...list, ...records.map((r) => ({ ...r, hasBeenChangedLocally: true }))], kind);
      store.put([...outbox, ...records.map((r) => ({ kind, id: r.id }))], "sync:outbox");
      await new Promise((ok, no) => ((tx.oncomplete = ok), (tx.onerror = () => no(tx.error))));
      db.close();
    },
    { kind, records },
  );
}
