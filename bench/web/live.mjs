// Live sync benchmark, run by bench/web.sh against the release server and Chromium: from Save
// on device A (Perform Now on an item's tag, on a phone) to the change painted on device B (the
// site's equipment list, open on a desktop: its Inspection Due count drops), median and p95 over
// CHANGES changes (goal: p95 < 1 s). In the same run a third device, C, has no change stream
// (its requests for one are answered 404, as a server without live sync answers): today's
// periodic download, the baseline. Each change waits until B has painted it, so they are timed
// one at a time; C's times are read for the same changes at the end.
// With FIELDTAG_BENCH_POSTGRES_URL, A uses one server and B and C another, both on one
// PostgreSQL database (a fresh schema in it): the notice crosses instances by LISTEN/NOTIFY.
// Times are Date.now() in the pages (one machine, one clock): A's just before the click, B's
// and C's at the animation frame after their count changed.
import { execFileSync } from "node:child_process";
import { hex, launchProfile, logIn, median, signUp, startServer } from "./common.mjs";

const CHANGES = Number(process.env.FIELDTAG_BENCH_CHANGES ?? 50);
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

async function seed(url, email, password) {
  const { orgId, upload } = await signUp(url, email, password);
  const stamp = new Date().toISOString();
  const site = { id: hex(), orgId, name: "Warehouse", country: "CA", province: "ON", timeZone: "America/Toronto", status: "active", lastUpdated: stamp };
  const type = { id: hex(), orgId, name: "Extinguisher", lastUpdated: stamp };
  const model = { id: hex(), orgId, name: "B500", equipmentTypeId: type.id, lastUpdated: stamp };
  const annual = { id: hex(), orgId, name: "Annual Inspection", equipmentTypeId: type.id, dueWhen: "all", frequencyType: 7, frequency: 1, inspection: true, conditions: [], lastUpdated: stamp };
  const items = Array.from({ length: CHANGES }, (_, i) => ({
    id: hex(),
    orgId,
    locationId: site.id,
    name: `Item ${String(i).padStart(3, "0")}`,
    modelId: model.id,
    barcode: `L${i}`,
    manufactureDate: "2020-01-01",
    lastUpdated: stamp,
  }));
  await upload({ locations: [site], equipmentTypes: [type], models: [model], serviceTypes: [annual], equipment: items });
  return { site, items };
}

/** Records in the page every value the Inspection Due count shows, with the time it was painted. */
async function watchBadge(page) {
  await page.evaluate(() => {
    window.__counts = [];
    const read = () => {
      const tab = [...document.querySelectorAll("[role=tab]")].find((e) => e.textContent.startsWith("Inspection Due"));
      const badge = tab?.querySelector(".MuiBadge-badge");
      return badge ? Number(badge.textContent) : undefined;
    };
    let last = read();
    new MutationObserver(() => {
      const now = read();
      if (now === last || now === undefined) return;
      last = now;
      requestAnimationFrame(() => window.__counts.push([Date.now(), now]));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** When the page first painted a count of `count` or fewer. */
async function paintedAt(page, count, timeout) {
  try {
    const handle = await page.waitForFunction((count) => window.__counts.find(([, n]) => n <= count)?.[0], count, { timeout, polling: 20 });
    return handle.jsonValue();
  } catch (error) {
    const seen = await page.evaluate(() => ({ counts: window.__counts, tabs: [...document.querySelectorAll("[role=tab]")].map((e) => e.textContent), url: location.href }));
    throw new Error(`the Inspection Due count did not reach ${count}: ${JSON.stringify(seen)}`, { cause: error });
  }
}

async function openList(server, site, email, password, withoutStream) {
  const device = await launchProfile(server, DESKTOP);
  if (withoutStream) await device.context.route("**/sync/events", (route) => route.fulfill({ status: 404, contentType: "application/json", body: '{"code":"NotFound","message":"Not found"}' }));
  const page = device.context.pages()[0] ?? (await device.context.newPage());
  await logIn(page, email, password);
  await page.goto(`/sites/${site.id}`);
  await page.waitForFunction(
    (count) => [...document.querySelectorAll("[role=tab]")].some((e) => e.textContent.startsWith("Inspection Due") && e.querySelector(".MuiBadge-badge")?.textContent === String(count)),
    CHANGES,
    { timeout: 60_000 },
  );
  await watchBadge(page);
  return { device, page };
}

function freshSchema(url) {
  const schema = `bench_live_${process.pid}`;
  execFileSync("psql", [url, "-qtA", "-c", `DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`], { env: { ...process.env, PGOPTIONS: "--client-min-messages=warning" } });
  return `${url}${url.includes("?") ? "&" : "?"}options=-c%20search_path%3D${schema}`;
}

async function run(label, writer, reader) {
  const email = `live-${hex().slice(0, 8)}@example.com`;
  const password = "correct horse 1";
  const { site, items } = await seed(writer.url, email, password);
  const phone = await launchProfile(writer, PHONE);
  const live = await openList(reader, site, email, password, false);
  const periodic = await openList(reader, site, email, password, true);
  try {
    const tag = phone.context.pages()[0] ?? (await phone.context.newPage());
    await logIn(tag, email, password);
    const saved = [];
    for (const [i, item] of items.entries()) {
      await tag.goto(`/sites/${site.id}/equipment-tag/${item.id}`);
      await tag.getByRole("listitem", { name: "Annual Inspection" }).getByRole("button", { name: "Service Options" }).click();
      const perform = tag.getByRole("dialog").getByRole("button", { name: "Perform Now", exact: true });
      await perform.waitFor();
      saved.push(await perform.evaluate((button) => (button.click(), Date.now())));
      await paintedAt(live.page, CHANGES - i - 1, 90_000);
    }
    const liveTimes = [];
    const periodicTimes = [];
    for (const [i, at] of saved.entries()) {
      liveTimes.push((await paintedAt(live.page, CHANGES - i - 1, 1_000)) - at);
      periodicTimes.push((await paintedAt(periodic.page, CHANGES - i - 1, 150_000)) - at);
    }
    const line = (name, xs) => `${name}: median ${median(xs).toFixed(0)} ms, p95 ${p95(xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
    console.log(`web: live sync, ${label}, Save on A to painted on B over ${CHANGES} changes —`);
    console.log(`web:   ${line("live", liveTimes)} (goal p95 < 1000 ms)`);
    console.log(`web:   ${line("periodic download (baseline)", periodicTimes)}`);
    console.log(`web:   p95 ratio live / periodic ${(p95(liveTimes) / p95(periodicTimes)).toFixed(3)}`);
  } finally {
    await phone.close();
    await live.device.close();
    await periodic.device.close();
  }
}

const single = await startServer();
try {
  await run("one instance (SQLite)", single, single);
} finally {
  single.stop();
}

const postgres = process.env.FIELDTAG_BENCH_POSTGRES_URL;
if (postgres) {
  process.env.FIELDTAG_DATABASE_URL = freshSchema(postgres);
  const first = await startServer();
  const second = await startServer();
  try {
    await run("two instances on one PostgreSQL", first, second);
  } finally {
    first.stop();
    second.stop();
  }
}
