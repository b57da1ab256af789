// Web app benchmark, run by bench/web.sh against the real server and Chromium:
//  1. initial JS, gzipped: the scripts index.html loads before anything shows (goal <= 250 KB);
//  2. time to a usable shell offline: a reload with the network off, from navigation start to
//     the shell's sync message (goal < 1 s);
//  3. IndexedDB ingest of a 100,000-record download: from login to 'Up to date' on a fresh
//     device, every record fetched, merged and stored (goal >= 20,000 records/s).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { dist, hex, launchProfile, logIn, median, signUp, startServer } from "./common.mjs";

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

async function seed(url, email, password) {
  const { orgId, upload: patch } = await signUp(url, email, password);
  const stamp = new Date().toISOString();
  const sites = Array.from({ length: 50 }, (_, i) => ({
    id: hex(), orgId, name: `Site ${i}`, country: "CA", province: "ON", timeZone: "America/Toronto", status: "active", lastUpdated: stamp,
  }));
  await patch({ locations: sites });
  for (let done = 0; done < RECORDS; done += 5000) {
    const equipment = Array.from({ length: Math.min(5000, RECORDS - done) }, (_, i) => ({
      id: hex(), orgId, locationId: sites[(done + i) % sites.length].id, name: `Extinguisher ${done + i}`,
      barcode: `B${done + i}`, serialNumber: `S${done + i}`, manufactureDate: "2020-01-01", lastUpdated: stamp,
    }));
    await patch({ equipment });
  }
  return RECORDS + sites.length;
}

async function main() {
  const js = initialJsGzipped();
  console.log(`web: initial JS ${js.files} files, ${(js.raw / 1024).toFixed(0)} KB raw, ${(js.gz / 1024).toFixed(1)} KB gzipped (goal <= 250 KB)`);

  const server = await startServer();
  const { context, close } = await launchProfile(server, { width: 1280, height: 800 });
  try {
    const email = `bench-${Date.now()}@example.com`;
    const password = "bench password 1";
    const seeded = await seed(server.url, email, password);

    // 3. A fresh device logs in and downloads everything into IndexedDB.
    const page = context.pages()[0] ?? (await context.newPage());
    const started = await logIn(page, email, password);
    const seconds = (Date.now() - started) / 1000;
    const stored = await page.evaluate(async () => {
      const db = await new Promise((ok, no) => {
        const open = indexedDB.open("fieldtag");
        open.onsuccess = () => ok(open.result);
        open.onerror = () => no(open.error);
      });
      const store = db.transaction(db.objectStoreNames[0]).objectStore(db.objectStoreNames[0]);
      const keys = await new Promise((ok) => (store.getAllKeys().onsuccess = (e) => ok(e.target.result)));
      const read = (key) => new Promise((ok) => (store.get(key).onsuccess = (e) => ok(e.target.result)));
      // A list is an array, the JSON text of one, or kept in parts (web/src/offline/store.ts).
      const records = (value) => (Array.isArray(value) ? value.length : typeof value === "string" ? JSON.parse(value).length : 0);
      let count = 0;
      for (const key of keys.filter((k) => String(k).startsWith("equipment"))) {
        const value = await read(key);
        if (typeof value?.parts !== "number") count += records(value);
        else for (let i = 0; i < value.parts; i++) count += records(await read(`part:${key}:${i}`));
      }
      return count;
    });
    const merged = await page.evaluate(() =>
      performance.getEntriesByName("fieldtag:merge").reduce((sum, m) => ({ ms: sum.ms + m.duration, records: sum.records + (m.detail?.records ?? 0) }), { ms: 0, records: 0 }),
    );
    console.log(
      // The "fieldtag:merge" measures cover the saves only: the records are placed while the pages come down.
      `web: IndexedDB ingest (the saves' transactions; placing overlaps the download): ${merged.records} records in ${(merged.ms / 1000).toFixed(2)} s = ${Math.round(merged.records / (merged.ms / 1000))} records/s (goal >= 20000)`,
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
    await close();
    server.stop();
  }
}

await main();
