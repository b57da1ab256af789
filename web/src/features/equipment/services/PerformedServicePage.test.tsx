// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compositeId } from "../../../domain/ids";
import type { PerformedService } from "../../../domain/records";
import { setViewportWidth } from "../../../test/render";
import { ANNUAL, ITEM, ORG, SITE, baseRecords, closeTabs, equipmentUrl, setup } from "../../../test/equipment/services";
import { firstSection, pickerInput } from "../../../test/pickers";

const datesUrl = `${equipmentUrl}/performed-service/${ANNUAL}`;
const ID = compositeId(ITEM, ANNUAL);

function withPerformed() {
  return [
    ...baseRecords(),
    ["performedServices", { id: ID, orgId: ORG, locationId: SITE, equipmentId: ITEM, serviceTypeId: ANNUAL, lastDate: "2025-01-10T15:00:00.000Z" }],
  ] as ReturnType<typeof baseRecords>;
}

afterEach(() => {
  cleanup();
  closeTabs();
});

describe("PerformedServicePage", { timeout: 30_000 }, () => {
  beforeEach(() => setViewportWidth(375));

  it("edits the last date and the overriding next date in the site's time zone", async () => {
    const user = userEvent.setup();
    const { engine, router } = await setup({ path: [equipmentUrl, datesUrl], records: withPerformed() });
    expect(await screen.findByRole("heading", { name: "Service Dates: Annual Service" })).toBeTruthy();
    const last = (await screen.findByLabelText(/^Last Date/, { selector: "input" })) as HTMLInputElement;
    const next = pickerInput(/^Overriding Next Date/);
    // 15:00 UTC in January is 10:00 in Toronto.
    expect(last.value).toBe("2025-01-10 10:00");
    expect(next.value).toBe("");
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toHaveProperty("disabled", true);

    await user.click(firstSection(/^Overriding Next Date/));
    await user.keyboard("2025-08-01 09:30");
    await user.click(save);
    await screen.findByRole("heading", { name: "Equipment page" });
    expect(router.state.location.pathname).toBe(equipmentUrl);
    const saved = await engine.get<PerformedService>("performedServices", ID, SITE);
    expect(saved).toMatchObject({ lastDate: "2025-01-10T15:00:00.000Z", overidedNextDate: "2025-08-01T13:30:00.000Z", serviceTypeId: ANNUAL });
  });

  it("asks before leaving with unsaved changes", async () => {
    const user = userEvent.setup();
    const { router } = await setup({ path: [equipmentUrl, datesUrl], records: withPerformed() });
    await screen.findByLabelText(/^Overriding Next Date/, { selector: "input" });
    await user.click(firstSection(/^Overriding Next Date/));
    await user.keyboard("2025-08-01 09:30");
    await waitFor(() => void router.navigate(-1));
    expect(await screen.findByText("Your current changes will be discarded.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(router.state.location.pathname).toBe(datesUrl);
  });

  it("needs SERVICE_WRITE", async () => {
    await setup({ path: datesUrl, records: withPerformed(), permissions: ["SERVICE_READ"] });
    expect(await screen.findByText("You do not have permission to make these changes.")).toBeTruthy();
    expect(screen.queryByLabelText(/^Last Date/, { selector: "input" })).toBeNull();
  });
});
