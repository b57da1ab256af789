// @vitest-environment jsdom
import { cleanup, configure, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TestTab } from "../../../../test/fakeSync";
import { HERE, ORG, device, hex, item, renderScreen, signIn, site } from "../../../../test/equipment/scanning";
import { scanningRoutes } from "../../barcodes/routes";
import { freshImageQueueEachTest } from "../../../../test/imageQueue";

vi.mock("../useUpdateOnScan", () => ({ useUpdateOnScan: vi.fn() }));
configure({ asyncUtilTimeout: 5000 });

const ITEM = hex(0x1);
let tab: TestTab | null = null;

freshImageQueueEachTest();

afterEach(() => {
  cleanup();
  tab?.close();
  tab = null;
  localStorage.clear();
});

describe("open deficiencies on the tag", { timeout: 20_000 }, () => {
  it("show each deficiency's photos, with nothing to add or remove there", async () => {
    signIn();
    const deficiency = (id: number, description: string, photos?: string[]): ["deficiencies", { id: string } & Record<string, unknown>] => [
      "deficiencies",
      { id: hex(id), orgId: ORG, locationId: HERE, equipmentId: ITEM, description, dateOpened: "2026-01-01T15:00:00.000Z", dateClosed: "", photos },
    ];
    tab = await device({
      locations: [site(HERE, "Main Plant")],
      equipment: [item(ITEM, HERE, "Lobby", "FT-1")],
      other: [deficiency(0x30, "Valve corroded", [`photos/${hex(0x71)}.jpg`, `photos/${hex(0x72)}.jpg`]), deficiency(0x31, "Sign missing")],
    });
    renderScreen(tab, { path: `/sites/${HERE}/equipment-tag/${ITEM}`, routes: scanningRoutes });
    const open = await screen.findByRole("region", { name: "Open Deficiencies" });
    const valve = within(await within(open).findByRole("listitem", { name: "Valve corroded" }));
    const photos = within(valve.getByRole("group", { name: "Photos" }));
    expect(photos.getAllByRole("listitem")).toHaveLength(2);
    // A view, not a form: no controls to add or remove, not even disabled ones.
    expect(photos.queryByRole("button")).toBeNull();
    expect(photos.queryByLabelText("Add Photos")).toBeNull();
    expect(within(within(open).getByRole("listitem", { name: "Sign missing" })).queryByRole("group", { name: "Photos" })).toBeNull();
  });
});
