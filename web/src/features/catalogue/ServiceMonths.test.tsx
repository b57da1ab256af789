// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ServiceMonth } from "../../domain/records";
import { useRecords } from "../../offline/SyncProvider";
import { ORG, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";
import { catalogueRoutes } from "./routes";
import { SiteServiceMonths } from "./SiteServiceMonths";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  closeHarnesses();
});

const ORG_RECORD = { id: ORG, enabledFeatures: ["SERVICE_MONTHS"] };
const SITE = hex(9);
const SPRING = { id: hex(1), name: "Spring" };

function Months() {
  const saved = useRecords<ServiceMonth>("serviceMonths", SITE);
  return (
    <>
      <SiteServiceMonths locationId={SITE} />
      <output aria-label="saved">{JSON.stringify(saved.map((m) => [m.serviceMonthCategoryId, m.march, m.april]))}</output>
    </>
  );
}

describe("service month categories", () => {
  it("need a name, and LOCATION_WRITE to add", async () => {
    const user = userEvent.setup();
    await renderScreen({ path: "/service-month-categories/new", routes: catalogueRoutes, records: [["organization", ORG_RECORD]] });
    await screen.findByRole("heading", { name: "Add Service Month Category" });
    expect(screen.getByRole("button", { name: "Add" })).toHaveProperty("disabled", true);
    await user.type(screen.getByRole("textbox", { name: /^Name/ }), "Spring");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Spring added")).toBeTruthy();
    cleanup();
    closeHarnesses();
    await renderScreen({ path: "/service-month-categories/new", routes: catalogueRoutes, permissions: ["settings.read", "settings.write"], records: [["organization", ORG_RECORD]] });
    expect(await screen.findByText("Changing service month categories needs permission to change sites.")).toBeTruthy();
  });

  it("a site toggles its twelve months per category", async () => {
    const user = userEvent.setup();
    await renderScreen({ path: "/months", routes: [{ path: "/months", element: <Months /> }], records: [["organization", ORG_RECORD], ["serviceMonthCategories", SPRING]] });
    const spring = await screen.findByRole("group", { name: "Spring" });
    expect(within(spring).getAllByRole("checkbox")).toHaveLength(12);
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    await user.click(within(spring).getByRole("checkbox", { name: "March" }));
    await user.click(within(spring).getByRole("checkbox", { name: "April" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Service months saved")).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText("saved").textContent).toBe(JSON.stringify([[SPRING.id, true, true]])));
  });
});
