// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HistoryType } from "../../domain/history";
import type { Visit } from "../../domain/records";
import { imageQueue } from "../../offline/images";
import { setViewportWidth } from "../../test/render";
import { ITEM, ORG, SITE, USER, baseRecords, closeTabs, hex, setup } from "../../test/equipment/services";
import { visitRoutes } from "./routes";
import { VisitPage } from "./VisitPage";
import { freshImageQueueEachTest } from "../../test/imageQueue";

// The pad draws on a canvas, which jsdom lacks: a button signs instead (the browser test draws).
vi.mock("../../files/SignaturePad", () => ({
  SignaturePad: ({ label, onChange }: { label: string; onChange: (signature: Blob | undefined) => void }) => (
    <button type="button" onClick={() => onChange(new Blob(["drawn"], { type: "image/png" }))}>
      {`Sign ${label}`}
    </button>
  ),
}));

const DAY = "2026-11-26";
const visitUrl = `/sites/${SITE}/visit/${DAY}`;
const SOMEONE = hex(0x77);
const DEFICIENCY = hex(0x60);
const VISIT = hex(0x90);

function dayRecords() {
  const history = (id: number, description: string, date: string, change: Record<string, unknown> = {}) =>
    [
      "history",
      { id: hex(id), orgId: ORG, locationId: SITE, happenedAtLocationId: SITE, equipmentId: ITEM, userId: USER, type: HistoryType.performedService, date, description, ...change },
    ] as const;
  return [
    ...baseRecords(),
    history(0x41, "Performed Annual Service", "2026-11-26T15:00:00.000Z"),
    history(0x42, "Deficiency opened: Gauge in the red", "2026-11-26T15:10:00.000Z", { type: HistoryType.deficiencyOpened, relevantId: DEFICIENCY }),
    history(0x43, "Someone else's work", "2026-11-26T16:00:00.000Z", { userId: SOMEONE }),
    history(0x44, "Yesterday's work", "2026-11-25T16:00:00.000Z"),
    ["deficiencies", { id: DEFICIENCY, orgId: ORG, locationId: SITE, equipmentId: ITEM, description: "Gauge in the red", dateOpened: "2026-11-26T15:10:00.000Z", dateClosed: "" }],
  ] as ReturnType<typeof baseRecords>;
}

freshImageQueueEachTest("blob:signature");

beforeEach(() => {
  setViewportWidth(375);
});

afterEach(() => {
  cleanup();
  closeTabs();
});

describe("the visit screen", { timeout: 30_000 }, () => {
  it("lists the technician's work of the day at the site, and saves the customer's name and signature as a visit", async () => {
    const user = userEvent.setup();
    const { list } = await setup({ path: visitUrl, records: dayRecords(), routes: visitRoutes });
    expect(await screen.findByRole("heading", { name: "Visit", level: 1 })).toBeTruthy();
    expect(await screen.findByText("Head Office · November 26 2026")).toBeTruthy();
    const work = within(screen.getByRole("region", { name: "Work Done" }));
    expect(work.getAllByRole("listitem").map((row) => row.textContent)).toEqual([
      "Performed Annual ServiceNovember 26 2026 10:00AM · Lobby",
      "Deficiency opened: Gauge in the redNovember 26 2026 10:10AM · Lobby",
    ]);
    const found = within(screen.getByRole("region", { name: "Deficiencies Found" }));
    expect(found.getAllByRole("listitem").map((row) => row.textContent)).toEqual(["Gauge in the redLobby"]);

    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toHaveProperty("disabled", true);
    await user.type(screen.getByRole("textbox", { name: "Customer Name" }), "Pat Customer");
    expect(save).toHaveProperty("disabled", true);
    expect(screen.getByText("The customer has not signed yet.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Sign Customer Signature" }));
    expect(save).toHaveProperty("disabled", false);
    await user.click(save);

    await waitFor(async () => expect(await list<Visit>("visits")).toHaveLength(1));
    const [visit] = await list<Visit>("visits");
    expect(visit).toMatchObject({
      orgId: ORG,
      locationId: SITE,
      date: DAY,
      userId: USER,
      historyIds: [hex(0x41), hex(0x42)],
      deficiencyIds: [DEFICIENCY],
      signerName: "Pat Customer",
      signature: expect.stringMatching(/^signatures\/[0-9a-f]{32}\.png$/),
    });
    // jsdom's Blobs do not survive fake-indexeddb's cloning: the queue's entry stands for the bytes.
    expect(await imageQueue().entry(visit!.signature)).toMatchObject({ folder: "signatures", state: "waiting" });
    expect(await screen.findByText("Visit saved")).toBeTruthy();
    // Signed now, whatever day the visit is for.
    expect(await screen.findByRole("img", { name: /^Signature of Pat Customer, signed [A-Z][a-z]+ \d{1,2} \d{4}/ })).toBeTruthy();
  });

  it("opens the day's saved visit, and signing again replaces it under the same id", async () => {
    const user = userEvent.setup();
    const saved = {
      id: VISIT,
      orgId: ORG,
      locationId: SITE,
      date: DAY,
      userId: USER,
      historyIds: [],
      deficiencyIds: [],
      signerName: "Pat Customer",
      signature: `signatures/${hex(0x91)}.png`,
      signedAt: "2026-11-26T17:00:00.000Z",
    };
    const records = [...dayRecords(), ["visits", saved], ["visits", { ...saved, id: hex(0x92), userId: SOMEONE, signerName: "Not mine" }]] as ReturnType<typeof baseRecords>;
    const { list } = await setup({ path: visitUrl, records, routes: visitRoutes });
    const name = await screen.findByRole("textbox", { name: "Customer Name" });
    expect(name).toHaveProperty("value", "Pat Customer");
    // Neither this device nor the server (the test's) has the image.
    expect(await screen.findByText("Signature not yet uploaded")).toBeTruthy();
    expect(screen.getByText("Signing again replaces the saved signature.")).toBeTruthy();
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toHaveProperty("disabled", true);

    await user.clear(name);
    await user.type(name, "Sam Customer");
    await user.click(screen.getByRole("button", { name: "Sign Customer Signature" }));
    await user.click(save);
    await waitFor(async () => expect((await list<Visit>("visits")).find((v) => v.id === VISIT)?.signerName).toBe("Sam Customer"));
    const visits = await list<Visit>("visits");
    expect(visits).toHaveLength(2);
    const replaced = visits.find((v) => v.id === VISIT)!;
    expect(replaced.signature).not.toBe(saved.signature);
    expect(replaced.historyIds).toEqual([hex(0x41), hex(0x42)]);
  });

  it("offers the visit's report once the visit is saved", async () => {
    const user = userEvent.setup();
    const routes = [{ path: "/sites/:locationId/visit/:date", element: <VisitPage report={(site, date) => <a href={`/report/${site.id}/${date}`}>Visit Report</a>} /> }];
    await setup({ path: visitUrl, records: dayRecords(), routes });
    await user.type(await screen.findByRole("textbox", { name: "Customer Name" }), "Pat Customer");
    expect(screen.queryByRole("link", { name: "Visit Report" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Sign Customer Signature" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("link", { name: "Visit Report" })).getAttribute("href")).toBe(`/report/${SITE}/${DAY}`);
  });

  it("is for technicians who may record services", async () => {
    await setup({ path: visitUrl, records: dayRecords(), routes: visitRoutes, permissions: ["SERVICE_READ", "WEB_LOGIN"] });
    expect(await screen.findByText("You do not have permission to record visits.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
