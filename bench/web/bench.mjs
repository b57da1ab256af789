// Web app benchmark (issue 5), run by bench/web.sh against the real server and Chromium:
//  1. initial JS, gzipped: the scripts index.html loads before anything shows (goal <= 250 KB);
//  2. time to a usable shell offline: a reload with the network off, from navigation start to
//     the shell's sync message (goal < 1 s);
//  3. IndexedDB ingest of a 100,000-record download: from login to 'Up to date' on a fresh
//     device, every record fetched, merged and stored (goal >= 20,000 records/s).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";

// playwright-core is installed with the web app's packages.
const { chromium } = createRequire(resolve("web/package.json"))("playwright-core");

const dist = resolve(process.env.FIELDTAG_WEB_DIR ?? "web/dist");
const RECORDS = Number(process.env.FIELDTAG_BENCH_RECORDS ?? 100_000);

function initialJsGzipped() {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const files = new Set();
  for (const [, src] of html.matchAll(/<script[^>]+src="([^"]+)"/g)) files.add(src);
  for (const [, href] of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) files.add(href);
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.size, raw, gz };
}

const freePort = () =>
  new Promise((done) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "fieldtag-webbench-"));
  const env = { ...process.env, FIELDTAG_PORT: String(port), FIELDTAG_DATA_DIR: dataDir, FIELDTAG_WEB_DIR: dist, RUST_LOG: "warn" };
  const child = spawn(process.env.FIELDTAG_BIN, ["serve"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (i > 400) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, stop: () => (child.kill("SIGTERM"), rmSync(dataDir, { recursive: true, force: true })) };
}

const hex = () => randomBytes(16).toString("hex");

async function seed(url, email, password) {
  const signUp = await fetch(`${url}/api/users`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Bench", email, password, organizationName: "Bench Co", plan: "Basic", acceptedTermsVersion: "1.0.1" }),
  });
  const { user, token } = await signUp.json();
  const sync = `${url}/api/organizations/${user.orgId}/sync`;
  const patch = async (body) => {
    const answer = await fetch(sync, { method: "PATCH", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`seed failed: ${answer.status} ${await answer.text()}`);
  };
  const stamp = new Date().toISOString();
  const sites = Array.from({ length: 50 }, (_, i) => ({
    id: hex(), orgId: user.orgId, name: `Site ${i}`, country: "CA", province: "ON", timeZone: "America/Toronto", status: "active", lastUpdated: stamp,
  }));
  await patch({ locations: sites });
  for (let done = 0; done < RECORDS; done += 5000) {
    const equipment = Array.from({ length: Math.min(5000, RECORDS - done) }, (_, i) => ({
      id: hex(), orgId: user.orgId, locationId: sites[(done + i) % sites.length].id, name: `Extinguisher ${done + i}`,
      barcode: `B${done + i}`, serialNumber: `S${done + i}`, manufactureDate: "2020-01-01", lastUpdated: stamp,
    }));
    await patch({ equipment });
  }
  return RECORDS + sites.length;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const js = initialJsGzipped();
  console.log(`web: initial JS ${js.files} files, ${(js.raw / 1024).toFixed(0)} KB raw, ${(js.gz / 1024).toFixed(1)} KB gzipped (goal <= 250 KB)`);

  const server = await startServer();
  // A profile on disk, as a phone has: an in-memory (incognito) profile stores IndexedDB
  // values far more slowly and would not say what a device does.
  const profile = mkdtempSync(join(tmpdir(), "fieldtag-webbench-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.FIELDTAG_CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const email = `bench-${Date.now()}@example.com`;
    const password = "bench password 1";
    const seeded = await seed(server.url, email, password);

    // 3. A fresh device logs in and downloads everything into IndexedDB.
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    const started = Date.now();
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText(/Up to date as of (?!Never)/).first().waitFor({ timeout: 300_000 });
    const seconds = (Date.now() - started) / 1000;
    const stored = await page.evaluate(async () => {
      const db = await new Promise((ok, no) => {
        const open = indexedDB.open("fieldtag");
        open.onsuccess = () => ok(open.result);
        open.onerror = () => no(open.error);
      });
      const store = db.transaction(db.objectStoreNames[0]).objectStore(db.objectStoreNames[0]);
      const keys = await new Promise((ok) => (store.getAllKeys().onsuccess = (e) => ok(e.target.result)));
      let count = 0;
      for (const key of keys.filter((k) => String(k).startsWith("equipment"))) {
        const value = await new Promise((ok) => (store.get(key).onsuccess = (e) => ok(e.target.result)));
        if (Array.isArray(value)) count += value.length;
      }
      return count;
    });
    const merged = await page.evaluate(() =>
      performance.getEntriesByName("fieldtag:merge").reduce((sum, m) => ({ ms: sum.ms + m.duration, records: sum.records + (m.detail?.records ?? 0) }), { ms: 0, records: 0 }),
    );
    console.log(
      `web: IndexedDB ingest (merge and store): ${merged.records} records in ${(merged.ms / 1000).toFixed(2)} s = ${Math.round(merged.records / (merged.ms / 1000))} records/s (goal >= 20000)`,
    );
    console.log(
      `web: whole first download, login to 'Up to date': ${seeded} records (${stored} equipment stored) in ${seconds.toFixed(2)} s = ${Math.round(seeded / seconds)} records/s`,
    );

    // 2. Offline start from the precached shell.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByText(/Up to date as of|Checking for updates/).first().waitFor();
    await context.setOffline(true);
    const times = [];
    for (let i = 0; i < 7; i++) {
      await page.reload({ waitUntil: "commit" });
      await page.waitForFunction(() => /Up to date as of|Checking for updates/.test(document.body?.innerText ?? ""), null, { polling: "raf" });
      times.push(await page.evaluate(() => performance.now()));
    }
    console.log(`web: usable shell offline: median ${median(times).toFixed(0)} ms over ${times.length} reloads, runs [${times.map((t) => t.toFixed(0)).join(", ")}] ms (goal < 1000 ms)`);
  } finally {
    await context.close();
    server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}

await main();
