// First download beside PouchDB, in one run (bench/web.sh download, or part of bench/web.sh):
//  1. Fieldtag: a fresh device (a new Chromium profile on disk) logs in to an organisation of
//     RECORDS equipment records and downloads them: from pressing Login to 'Up to date' (goal
//     < 1.5 s at 100,000), both moments read in the page (the driver's polling sees the words
//     later on a busy machine; its figure is printed beside). Meanwhile a key goes into the
//     sites list's search box every 50 ms; each keystroke's latency is the Event Timing API's
//     duration (from the key to the next paint, the wait behind other work included; goal
//     < 50 ms), for the keys begun before 'Up to date' appeared, and apart, those typed after it
//     until the driver saw the words. Then, the page quiet, the same keys again: the baseline the
//     keystrokes during the download are measured against, in the same run. RUNS runs, the median.
//  2. The PouchDB anchor (../shared/anchors/pouchdb-sync/run.sh, its README): PouchDB 9
//     replicating the same number of documents into IndexedDB in the same Chromium, and the
//     per-record IndexedDB limit, in the same session; its files go to a temporary folder.
//  3. Both figures, and Fieldtag / PouchDB's best and Fieldtag / the limit.
// Env: FIELDTAG_BENCH_RECORDS (100000), FIELDTAG_BENCH_RUNS (3), FIELDTAG_BENCH_SITES: the sites
//    the records are spread over, which the search keys list (50),
//  FIELDTAG_BENCH_BASELINE_WEB_DIR: another build of the web app (an earlier commit's), measured
//    run for run beside this one on its own server, for a before/after in one session (several,
//    comma-separated: each is named by its folder, the first is the baseline);
//  FIELDTAG_BENCH_BASELINE_BIN: with a baseline build, the server binary it runs on (an earlier
//    commit's release build), for a before/after of a change to the server too; else FIELDTAG_BIN;
//  FIELDTAG_BENCH_ANCHOR: the anchor's run.sh (default ../shared/anchors/pouchdb-sync/run.sh;
//    "none" skips it); FIELDTAG_BENCH_ANCHOR_VARIANTS (idb:1000,indexeddb:1000), _ROUNDS (1);
//  FIELDTAG_BENCH_PROFILE=download: a CPU profile of one download, its top functions;
//  FIELDTAG_BENCH_THREADS=1: each run's CPU by process and thread (the page's, its compositor,
//    the service worker's, the browser's, the network's, the server's), from /proc;
//  FIELDTAG_BENCH_TYPING=0: no keys typed (the download alone);
//  FIELDTAG_BENCH_NETWORK=DOWN,UP,RTT: the page's network emulated by Chromium from the Login
//    click on (Mbit/s down and up, ms of round trip; e.g. 20,5,40 for a phone on a good 4G
//    network); the throughput is of the bytes on the wire, compressed or not.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { dist, hex, launchProfile, median, signUp, startServer, stopProfile } from "./common.mjs";

const RECORDS = Number(process.env.FIELDTAG_BENCH_RECORDS ?? 100_000);
const RUNS = Number(process.env.FIELDTAG_BENCH_RUNS ?? 3);
const SITES = Number(process.env.FIELDTAG_BENCH_SITES ?? 50);
const BASELINE = process.env.FIELDTAG_BENCH_BASELINE_WEB_DIR;
const ANCHOR = process.env.FIELDTAG_BENCH_ANCHOR ?? resolve("../shared/anchors/pouchdb-sync/run.sh");
const WORDS = "pump valve motor sensor calibrated replaced inspected filter housing seal bearing leak minor major checked ok warehouse north south bay rack".split(" ");

/** RECORDS equipment records over SITES sites, about as large as the anchor's documents (a note of 12 to 21 words). */
async function seed(url, email, password) {
  const { orgId, token, upload } = await signUp(url, email, password);
  const stamp = new Date().toISOString();
  const sites = Array.from({ length: SITES }, (_, i) => ({
    id: hex(), orgId, name: `Site ${i}`, country: "CA", province: "ON", timeZone: "America/Toronto", status: "active", lastUpdated: stamp,
  }));
  await upload({ locations: sites });
  for (let done = 0; done < RECORDS; done += 5000) {
    const equipment = Array.from({ length: Math.min(5000, RECORDS - done) }, (_, i) => {
      const n = done + i;
      const note = Array.from({ length: 12 + (n % 10) }, (_, w) => WORDS[(n * 7 + w * 13) % WORDS.length]).join(" ");
      return {
        id: hex(), orgId, locationId: sites[n % sites.length].id, name: `Extinguisher ${n}`, barcode: `B${n}`,
        serialNumber: `S${n}`, manufactureDate: "2020-01-01", note, lastUpdated: stamp,
      };
    });
    await upload({ equipment });
  }
  // What a device downloads, in bytes per record.
  let bytes = 0;
  let records = 0;
  for (let cursor = 0; ; ) {
    const answer = await fetch(`${url}/api/organizations/${orgId}/sync?cursor=${cursor}&limit=20000`, { headers: { Authorization: `Bearer ${token}` } });
    const text = await answer.text();
    const page = JSON.parse(text);
    bytes += text.length;
    for (const value of Object.values(page)) if (Array.isArray(value)) records += value.length;
    if (!page.hasMore) break;
    cursor = page.cursor;
  }
  return { email, password, records, bytes };
}

const TICKS = 100; // USER_HZ on Linux
const THREADS = process.env.FIELDTAG_BENCH_THREADS === "1";
const TYPING = process.env.FIELDTAG_BENCH_TYPING !== "0";
/** Keys typed on the quiet page after each download, the keystrokes' baseline, and how long the page is left alone first. */
const QUIET_KEYS = 20;
const QUIET_WAIT_MS = 2_000;
/** The longest the quiet page waits for the offline shell's install (a new device's comes 30 s after its first sync at the latest). */
const INSTALL_WAIT_MS = 40_000;
const NETWORK = process.env.FIELDTAG_BENCH_NETWORK?.split(",").map(Number);
if (NETWORK && (NETWORK.length !== 3 || NETWORK.some((n) => !(n > 0)))) throw new Error("FIELDTAG_BENCH_NETWORK is DOWN,UP,RTT: Mbit/s down, Mbit/s up, ms of round trip");

/** A process's or thread's name, parent and CPU seconds so far, from its /proc `stat` file. */
function readStat(path) {
  const text = readFileSync(path, "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { name: text.slice(text.indexOf("(") + 1, text.lastIndexOf(")")), parent: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS };
}

/** Every process's parent and CPU seconds so far, from /proc. */
function processes() {
  const stats = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      stats.set(Number(name), readStat(`/proc/${name}/stat`));
    } catch {}
  }
  return stats;
}

/** The first of this script's children met going up from `pid` (a server, or the browser), or null. */
function childOfScript(stats, pid) {
  for (let p = pid; p > 1; p = stats.get(p)?.parent ?? 0) if (stats.get(p)?.parent === process.pid) return p;
  return null;
}

/**
 * CPU seconds so far by process kind and thread name (numbers in names folded), of the browser
 * under this script and of the server `serverPid` (the other servers left out), from /proc.
 */
function threadSeconds(serverPid) {
  const stats = processes();
  const seconds = new Map();
  for (const pid of stats.keys()) {
    const child = childOfScript(stats, pid);
    if (child === null) continue;
    let kind = "server";
    try {
      if (child !== serverPid) {
        const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        if (!command.includes("chrom")) continue;
        kind = (/--type=([a-z-]+)/.exec(command)?.[1] ?? "browser") + (/--utility-sub-type=([\w.]+)/.exec(command)?.[1]?.replace(/^.*\./, " ") ?? "");
      }
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const thread = readStat(`/proc/${pid}/task/${tid}/stat`);
        const key = `${kind}/${thread.name.replace(/\d+/g, "#")}`;
        seconds.set(key, (seconds.get(key) ?? 0) + thread.cpu);
      }
    } catch {}
  }
  return seconds;
}

/** CPU seconds so far of this script's browser (every process under it but the servers) and of the server `serverPid`, from /proc. */
function cpuSeconds(serverPid) {
  const stats = processes();
  let browser = 0;
  for (const [pid, { cpu }] of stats) {
    const child = childOfScript(stats, pid);
    if (child !== null && child !== serverPid && stats.get(child)) browser += cpu;
  }
  return { browser, server: stats.get(serverPid)?.cpu ?? 0 };
}

/** A fresh device logs in and downloads everything, with keys typed meanwhile; answers the seconds and the keystrokes' latencies. */
async function firstDownload(server, account, profile) {
  // A desktop's window: a phone's shows the sync status only in its menu.
  const { context, close } = await launchProfile(server, { width: 1280, height: 800 });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.evaluate(() => {
      // Each key's events with their parts: the wait to be handled, the handling, and the rest,
      // the wait for the next frame to be presented.
      window.__keys = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.interactionId && entry.name.startsWith("key") && entry.target?.matches('input[type="search"]'))
            window.__keys.push([entry.interactionId, entry.duration, entry.startTime, entry.processingStart - entry.startTime, entry.processingEnd - entry.processingStart]);
      }).observe({ type: "event", durationThreshold: 16, buffered: true });
      // Every key pressed, fast ones too (the API leaves out those under 16 ms): when it was pressed.
      window.__pressed = [];
      document.addEventListener("keydown", (event) => event.target.matches?.('input[type="search"]') && window.__pressed.push(event.timeStamp), { capture: true });
      // The moment the words appear, read in the page: the driver's own polling sees them later
      // on a busy machine. From the Login button's click, also as the page saw it.
      document.addEventListener("click", () => (window.__clicked ??= performance.now()), { capture: true });
      new MutationObserver((_, observer) => {
        const statuses = [...document.querySelectorAll('[role="status"]')].map((status) => status.textContent);
        if (!statuses.some((text) => /Up to date as of (?!Never)/.test(text))) return;
        window.__shown = performance.now();
        observer.disconnect();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      window.__longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
      }).observe({ type: "longtask" });
    });
    if (NETWORK) {
      const [down, up, latency] = NETWORK;
      const network = await context.newCDPSession(page);
      await network.send("Network.enable");
      await network.send("Network.emulateNetworkConditions", { offline: false, latency, downloadThroughput: (down * 1e6) / 8, uploadThroughput: (up * 1e6) / 8 });
    }
    const session = profile ? await context.newCDPSession(page) : null;
    if (session) {
      await session.send("Profiler.enable");
      await session.send("Profiler.setSamplingInterval", { interval: 200 });
      await session.send("Profiler.start");
    }
    const cpuBefore = cpuSeconds(server.pid);
    const threadsBefore = THREADS ? threadSeconds(server.pid) : null;
    const pressed = Date.now();
    await page.getByRole("button", { name: "Login" }).click();
    let done = false;
    let cpu;
    const finished = page
      .getByText(/Up to date as of (?!Never)/)
      .first()
      .waitFor({ timeout: 300_000 })
      .then(() => {
        done = true;
        const cpuAfter = cpuSeconds(server.pid);
        if (threadsBefore) {
          const spent = [...threadSeconds(server.pid)].map(([thread, s]) => [thread, s - (threadsBefore.get(thread) ?? 0)]).filter(([, s]) => s >= 0.05);
          console.log(`web: CPU by thread: ${spent.sort((a, b) => b[1] - a[1]).map(([thread, s]) => `${thread} ${s.toFixed(2)} s`).join(", ")}`);
        }
        cpu = { browser: cpuAfter.browser - cpuBefore.browser, server: cpuAfter.server - cpuBefore.server };
        return (Date.now() - pressed) / 1000;
      });
    // The sites list's All tab, with its search box, reached without reloading the page.
    const typing = (async () => {
      const search = page.getByRole("searchbox", { name: "Search" });
      await page.getByRole("link", { name: "Sites" }).first().click({ timeout: 60_000 });
      await page.getByRole("tab", { name: /All/ }).first().click({ timeout: 60_000 });
      await search.focus({ timeout: 60_000 });
      // Straight to the keyboard, as a person types: a locator's press looks the box up again
      // first, several round trips that left three to five keys a download. Only keys the search
      // box heard are counted.
      let typed = 0;
      while (!done && TYPING) {
        await page.keyboard.press(typed % 2 ? "Backspace" : "a");
        typed++;
        await new Promise((r) => setTimeout(r, 50));
      }
      return typed;
    })();
    const seconds = await finished;
    const typed = await typing;
    if (session) await stopProfile(session);
    // The baseline: the same keys on the same screen once the page is quiet, the app's offline
    // shell installed first (a new device installs it once the first sync is over and the page
    // has been left alone for a moment).
    await page.evaluate(async (atMost) => {
      const controlled = (async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
      })();
      await Promise.race([controlled, new Promise((r) => setTimeout(r, atMost))]);
    }, INSTALL_WAIT_MS);
    const quietFrom = await page.evaluate((wait) => new Promise((quiet) => setTimeout(() => quiet(performance.now()), wait)), QUIET_WAIT_MS);
    if (TYPING) {
      await page.getByRole("searchbox", { name: "Search" }).focus();
      for (let typedQuiet = 0; typedQuiet < QUIET_KEYS; typedQuiet++) {
        await page.keyboard.press(typedQuiet % 2 ? "Backspace" : "a");
        await new Promise((r) => setTimeout(r, 50));
      }
      // Event Timing reports a key once its frame is presented.
      await new Promise((r) => setTimeout(r, 300));
    }
    const { keys, pressedAt, shown, longest, inPage } = await page.evaluate(() => ({
      keys: window.__keys,
      pressedAt: window.__pressed,
      shown: window.__shown,
      longest: window.__longest,
      inPage: (window.__shown - window.__clicked) / 1000,
    }));
    // An interaction's latency is its slowest event's (keydown, keypress, keyup), with that
    // event's parts; it counts as during the download when it began before 'Up to date'
    // appeared in the page, as quiet when it began after the page had been left alone.
    const slowKeys = new Map();
    for (const [id, ms, start, waited, handled] of keys) {
      const seen = slowKeys.get(id);
      const slowest = !seen || ms > seen.ms ? { ms, waited, handled } : seen;
      slowKeys.set(id, { ...slowest, start: Math.min(seen?.start ?? start, start) });
    }
    const slow = [...slowKeys.values()];
    const phase = (at) => (at < shown ? "during" : at < quietFrom ? "after" : "quiet");
    const typedIn = (name) => pressedAt.filter((at) => phase(at) === name).length;
    const slowIn = (name) => slow.filter((key) => phase(key.start) === name);
    return {
      seconds: inPage,
      driver: seconds,
      typed: typedIn("during"),
      slowKeys: slowIn("during"),
      typedAfter: typedIn("after"),
      slowKeysAfter: slowIn("after"),
      typedQuiet: typedIn("quiet"),
      slowKeysQuiet: slowIn("quiet"),
      longest,
      cpu,
    };
  } finally {
    await close();
  }
}

/** Runs the anchor in a temporary folder; answers PouchDB's best variant and the limit, in docs/s. */
function pouchdb(records) {
  if (ANCHOR === "none") return null;
  if (!existsSync(ANCHOR)) {
    console.log(`web: the PouchDB anchor is not at ${ANCHOR}; skipped (FIELDTAG_BENCH_ANCHOR names it)`);
    return null;
  }
  const out = mkdtempSync(join(tmpdir(), "fieldtag-webbench-pouchdb-"));
  try {
    const env = {
      ...process.env,
      OUTDIR: out,
      VARIANTS: process.env.FIELDTAG_BENCH_ANCHOR_VARIANTS ?? "idb:1000,indexeddb:1000",
      ROUNDS: process.env.FIELDTAG_BENCH_ANCHOR_ROUNDS ?? "1",
      CHROMIUM: process.env.FIELDTAG_CHROMIUM ?? "/usr/bin/chromium",
    };
    const run = spawnSync("bash", [ANCHOR, String(records)], { env, stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 << 20 });
    if (run.status !== 0) throw new Error(`the PouchDB anchor failed:\n${run.stdout}`);
    const result = JSON.parse(readFileSync(join(out, `result-${records}.json`), "utf8"));
    const pouch = result.summary.filter((s) => s.label.startsWith("A")).sort((a, b) => b.median - a.median)[0];
    const limit = result.summary.find((s) => s.label.startsWith("B"));
    return { pouch, limit, avgDocBytes: result.avgDocBytes };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The `q` quantile of `typed` keys' latencies; those under 16 ms, which the browser does not report, count as 16. */
function quantile(slow, typed, q) {
  const all = [...slow, ...Array.from({ length: Math.max(0, typed - slow.length) }, () => 16)].sort((a, b) => a - b);
  return all[Math.min(all.length - 1, Math.floor(q * all.length))];
}

/** A line on `typed` keys, `slow` those the browser reported (16 ms or more), with where the slow ones' time went. */
function keysLine(slow, typed) {
  if (typed === 0) return "none";
  const ms = slow.map((key) => key.ms);
  const worst = ms.length ? `${Math.max(...ms).toFixed(0)} ms` : "< 16 ms";
  const line = `${typed} keys, ${ms.length} took 16 ms or more, median ${quantile(ms, typed, 0.5).toFixed(0)} ms, 90th percentile ${quantile(ms, typed, 0.9).toFixed(0)} ms, the slowest ${worst}`;
  const over = slow.filter((key) => key.ms >= 50);
  if (over.length === 0) return line;
  const middle = (values) => median(values).toFixed(0);
  return (
    `${line}; the ${over.length} of 50 ms or more waited ${middle(over.map((key) => key.waited))} ms to be handled, were handled in ` +
    `${middle(over.map((key) => key.handled))} ms and waited ${middle(over.map((key) => key.ms - key.waited - key.handled))} ms for their frame (medians)`
  );
}

function report(name, runs, records) {
  const seconds = median(runs.map((r) => r.seconds));
  console.log(
    `web: first download (${name}), login to 'Up to date': ${records} records in median ${seconds.toFixed(2)} s = ${Math.round(records / seconds)} records/s, ` +
      `runs [${runs.map((r) => r.seconds.toFixed(2)).join(", ")}] s (goal < 1.5 s); as the test driver saw it: median ${median(runs.map((r) => r.driver)).toFixed(2)} s`,
  );
  console.log(
    `web: CPU it took (${name}), login to 'Up to date', median: Chromium ${median(runs.map((r) => r.cpu.browser)).toFixed(2)} s, the server ${median(runs.map((r) => r.cpu.server)).toFixed(2)} s ` +
      `(runs: Chromium [${runs.map((r) => r.cpu.browser.toFixed(2)).join(", ")}] s)`,
  );
  // The Long Tasks API reports tasks of 50 ms or more only.
  const longestMs = Math.max(...runs.map((r) => r.longest));
  const longest = longestMs > 0 ? `longest task ${longestMs.toFixed(0)} ms` : "no task of 50 ms or more";
  if (runs.every((r) => r.typed + r.typedAfter === 0)) {
    console.log(`web: search keystrokes during it (${name}): none typed (FIELDTAG_BENCH_TYPING=0); ${longest}`);
    return records / seconds;
  }
  const sum = (field) => runs.reduce((total, r) => total + r[field], 0);
  const during = runs.flatMap((r) => r.slowKeys);
  const quiet = runs.flatMap((r) => r.slowKeysQuiet);
  console.log(`web: search keystrokes during it (${name}): ${keysLine(during, sum("typed"))} (goal < 50 ms); ${longest}`);
  console.log(`web: search keystrokes after 'Up to date' appeared, until the driver saw it (${name}): ${keysLine(runs.flatMap((r) => r.slowKeysAfter), sum("typedAfter"))}`);
  console.log(`web: search keystrokes on the quiet page, the baseline (${name}): ${keysLine(quiet, sum("typedQuiet"))}`);
  if (sum("typed") > 0 && sum("typedQuiet") > 0) {
    const ratio = (q) => (quantile(during.map((key) => key.ms), sum("typed"), q) / quantile(quiet.map((key) => key.ms), sum("typedQuiet"), q)).toFixed(2);
    console.log(`web: search keystrokes during the download / on the quiet page (${name}): median ${ratio(0.5)}×, 90th percentile ${ratio(0.9)}×`);
    // Nothing downloads on the quiet page: its share of slow keys is the machine's and the screen's own.
    const share = (keys, typed) => {
      const over = keys.filter((key) => key.ms >= 50).length;
      return `${over} of ${typed} (${((100 * over) / typed).toFixed(1)}%)`;
    };
    console.log(`web: search keystrokes of 50 ms or more (${name}): during the download ${share(during, sum("typed"))}, on the quiet page ${share(quiet, sum("typedQuiet"))}`);
  }
  return records / seconds;
}

async function main() {
  const builds = [["this build", dist, process.env.FIELDTAG_BIN]];
  const others = BASELINE ? BASELINE.split(",") : [];
  const baselineBin = process.env.FIELDTAG_BENCH_BASELINE_BIN ?? process.env.FIELDTAG_BIN;
  others.forEach((dir, i) => builds.splice(i, 0, i === 0 ? ["baseline", resolve(dir), baselineBin] : [dir.split("/").filter(Boolean).at(-1), resolve(dir), process.env.FIELDTAG_BIN]));
  if (BASELINE && process.env.FIELDTAG_BENCH_BASELINE_BIN) console.log(`web: the baseline runs on the server ${baselineBin}`);
  const servers = [];
  try {
    let account;
    for (const [name, webDir, bin] of builds) {
      const server = await startServer(webDir, bin);
      servers.push(server);
      // The same organisation's records on each server: only the web app differs.
      account = await seed(server.url, `bench-download-${Date.now()}@example.com`, "bench password 1");
      servers.at(-1).account = account;
      servers.at(-1).name = name;
    }
    console.log(`web: first download of ${account.records} records, ${Math.round(account.bytes / account.records)} B of JSON each${NETWORK ? `, over a network of ${NETWORK[0]} Mbit/s down, ${NETWORK[1]} up, ${NETWORK[2]} ms round trip (emulated)` : ""}`);
    const runs = servers.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      for (const [i, server] of servers.entries()) {
        const profile = process.env.FIELDTAG_BENCH_PROFILE === "download" && run === 0 && i === servers.length - 1;
        runs[i].push(await firstDownload(server, server.account, profile));
      }
    }
    const rates = servers.map((server, i) => report(server.name, runs[i], server.account.records));
    const ours = rates.at(-1);
    if (BASELINE) console.log(`web: first download, this build / baseline: ${(ours / rates[0]).toFixed(2)}× the records/s`);

    for (const server of servers) server.stop();
    servers.length = 0;
    const anchor = pouchdb(RECORDS);
    if (anchor) {
      const { pouch, limit, avgDocBytes } = anchor;
      console.log(`web: PouchDB 9 (${pouch.label}, best variant): ${Math.round(pouch.median)} docs/s = ${(RECORDS / pouch.median).toFixed(1)} s for ${RECORDS}; its documents ${avgDocBytes} B of JSON each`);
      console.log(`web: the per-record IndexedDB limit (${limit.label}): ${Math.round(limit.median)} docs/s = ${(RECORDS / limit.median).toFixed(1)} s`);
      console.log(`web: Fieldtag / PouchDB's best: ${(ours / pouch.median).toFixed(1)}× (goal >= 25×); Fieldtag / the per-record limit: ${(ours / limit.median).toFixed(1)}×`);
    }
  } finally {
    for (const server of servers) server.stop();
  }
}

await main();
