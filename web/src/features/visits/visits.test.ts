import { describe, expect, it } from "vitest";
import { type HistoryRecord, HistoryType } from "../../domain/history";
import type { Deficiency, Visit } from "../../domain/records";
import { isDay, siteDay, visitOf, visitRecord, visitWork } from "./visits";

const hex = (n: number) => n.toString(16).padStart(32, "0");
const SITE = { id: hex(1), timeZone: "America/Toronto" };
const OTHER_SITE = hex(2);
const ME = hex(3);
const SOMEONE = hex(4);

function history(id: number, description: string, date: string, change: Partial<HistoryRecord> = {}): HistoryRecord {
  return { id: hex(id), date, description, equipmentId: hex(9), locationId: SITE.id, happenedAtLocationId: SITE.id, userId: ME, type: HistoryType.performedService, ...change };
}

function deficiency(id: number, dateOpened: string): Deficiency {
  return { id: hex(id), description: `deficiency ${id}`, dateOpened, equipmentId: hex(9), locationId: SITE.id, lastUpdated: dateOpened };
}

describe("visits", () => {
  it("reads the day in the site's time zone", () => {
    expect(siteDay("2026-11-27T03:00:00.000Z", "America/Toronto")).toBe("2026-11-26");
    expect(siteDay("2026-11-27T03:00:00.000Z", "Europe/Paris")).toBe("2026-11-27");
    expect(isDay("2026-11-26")).toBe(true);
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("26-11-2026")).toBe(false);
  });

  it("lists the technician's records of that site and day, oldest first, and the deficiencies they opened", () => {
    const records = [
      history(0x12, "afternoon service", "2026-11-26T18:00:00.000Z"),
      history(0x11, "opened", "2026-11-26T14:00:00.000Z", { type: HistoryType.deficiencyOpened, relevantId: hex(0x21) }),
      history(0x13, "someone else's", "2026-11-26T15:00:00.000Z", { userId: SOMEONE }),
      history(0x14, "next day (Toronto)", "2026-11-27T06:00:00.000Z"),
      history(0x15, "other site", "2026-11-26T15:00:00.000Z", { locationId: OTHER_SITE, happenedAtLocationId: OTHER_SITE }),
      history(0x16, "moved away since", "2026-11-26T16:00:00.000Z", { locationId: OTHER_SITE }),
      history(0x17, "deleted", "2026-11-26T16:00:00.000Z", { deleted: true }),
    ];
    const deficiencies = [deficiency(0x21, "2026-11-26T14:00:00.000Z"), deficiency(0x22, "2026-11-26T14:00:00.000Z")];
    const work = visitWork(SITE, "2026-11-26", ME, records, deficiencies);
    expect(work.history.map((h) => h.description)).toEqual(["opened", "moved away since", "afternoon service"]);
    expect(work.deficiencies.map((d) => d.id)).toEqual([hex(0x21)]);
  });

  it("keeps the id of the technician's visit of that day, so signing again replaces it", () => {
    const work = { history: [history(0x12, "service", "2026-11-26T18:00:00.000Z")], deficiencies: [deficiency(0x21, "2026-11-26T14:00:00.000Z")] };
    const input = { orgId: hex(0xa), userId: ME, locationId: SITE.id, date: "2026-11-26", work, now: new Date("2026-11-26T19:00:00.000Z") };
    const first = visitRecord({ ...input, signerName: "  Pat Customer ", signature: `signatures/${hex(0x31)}.png` });
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      orgId: hex(0xa),
      locationId: SITE.id,
      date: "2026-11-26",
      userId: ME,
      historyIds: [hex(0x12)],
      deficiencyIds: [hex(0x21)],
      signerName: "Pat Customer",
      signature: `signatures/${hex(0x31)}.png`,
      signedAt: "2026-11-26T19:00:00.000Z",
    });
    const stamped: Visit = { ...first, lastUpdated: first.signedAt };
    const visits: Visit[] = [stamped, { ...stamped, id: hex(0x40), userId: SOMEONE }];
    const saved = visitOf(visits, SITE.id, "2026-11-26", ME);
    expect(saved?.id).toBe(first.id);
    expect(visitOf(visits, SITE.id, "2026-11-27", ME)).toBeUndefined();
    const again = visitRecord({ ...input, signerName: "Sam", signature: `signatures/${hex(0x32)}.png`, saved });
    expect(again).toMatchObject({ id: first.id, signerName: "Sam", signature: `signatures/${hex(0x32)}.png` });
  });
});
