// Reconnect benchmark, run by bench/web.sh against the release server and Chromium
// on a phone's viewport: from the network coming back to the outbox empty on the server, with
// 50 changes queued on the device while it was offline (goal: p95 < 3 s), over 20 runs each way:
//  1. "online event": the browser was offline (context.setOffline) and says it is back;
//  2. "silent return": the browser thought it was online but nothing answered (every call to
//     the server refused), and the network comes back without any event: the app's probe has
//     to notice.
// Each run is offline 3 to 6 s (the probe's pace has reached its cap), then the clock starts as
// the network returns and stops when the server holds all 50 changes (polled from Node every
// 20 ms through the sync download, as another device would see them).
// The 50 changes are written into the device's store as the app's own saves leave them (the
// records flagged in their list, and the outbox), so the run times the upload path only.
import { changesSince, hex, launchProfile, logIn, median, queueInStore, signUp, startServer, until } from "./common.mjs";

const RUNS = Number(process.env.FIELDTAG_BENCH_RUNS ?? 20);
const CHANGES = 50;
const SERVER_CALLS = /\/(api\/|healthz)/;

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

function outboxSize(page) {
  return page.evaluate(async () => {
    const db = await new Promise((ok) => (indexedDB.open("fieldtag").onsuccess = (e) => ok(e.target.result)));
    const outbox = await new Promise((ok) => (db.transaction("keyval").objectStore("keyval").get("sync:outbox").onsuccess = (e) => ok(e.target.result ?? [])));
    db.close();
    return outbox.length;
  });
}

async function main() {
  const server = await startServer();
  const { context, close } = await launchProfile(server, { width: 375, height: 812 });
  try {
    const email = `bench-reconnect-${Date.now()}@example.com`;
    const password = "bench password 1";
    const { orgId, token } = await signUp(server.url, email, password);
    const page = context.pages()[0] ?? (await context.newPage());
    await logIn(page, email, password);
    let { cursor } = await changesSince(server.url, orgId, token, 0);
    const status = page.locator("header [role=status]");

    const ways = {
      "online event": {
        goOffline: () => context.setOffline(true),
        comeBack: () => context.setOffline(false),
      },
      "silent return": {
        async goOffline() {
          await page.route(SERVER_CALLS, (route) => route.abort("connectionrefused"));
          // The app tries, as it does at every save and route change, and hears nothing.
          await page.evaluate(() => window.dispatchEvent(new Event("online")));
        },
        comeBack: () => page.unroute(SERVER_CALLS),
      },
    };
    for (const [way, { goOffline, comeBack }] of Object.entries(ways)) {
      const times = [];
      for (let run = 0; run < RUNS; run++) {
        await goOffline();
        await until(async () => /offline$/.test((await status.textContent()) ?? ""), "the app to say offline");
        const stamp = new Date().toISOString();
        const records = Array.from({ length: CHANGES }, (_, i) => ({ id: hex(), orgId, name: `Pump ${way} ${run}.${i}`, lastUpdated: stamp }));
        await queueInStore(page, "equipmentTypes", records);
        await new Promise((r) => setTimeout(r, 3_000 + Math.random() * 3_000));

        const back = Date.now();
        await comeBack();
        const ids = new Set(records.map((r) => r.id));
        await until(async () => {
          const since = await changesSince(server.url, orgId, token, cursor);
          const arrived = since.records.filter((r) => ids.has(r.id)).length;
          if (arrived < CHANGES) return false;
          cursor = since.cursor;
          return true;
        }, "the changes on the server");
        times.push(Date.now() - back);
        await until(async () => (await outboxSize(page)) === 0, "the outbox to empty");
        await until(async () => /^Up to date as of/.test((await status.textContent()) ?? ""), "'Up to date'");
      }
      console.log(
        `web: reconnect (${way}), ${CHANGES} queued changes to the server: median ${median(times)} ms, p95 ${p95(times)} ms over ${RUNS} runs (goal p95 < 3000 ms); runs [${times.join(", ")}]`,
      );
    }
  } finally {
    await close();
    server.stop();
  }
}

await main();
