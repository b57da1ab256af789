// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ORG, closeHarnesses, renderScreen } from "../../test/renderScreen";
import { catalogueRoutes } from "./routes";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  closeHarnesses();
});

describe("site types", () => {
  it("need the SITE_TYPES feature", async () => {
    await renderScreen({ path: "/site-types", routes: catalogueRoutes, records: [["organization", { id: ORG, enabledFeatures: [] }]] });
    expect(await screen.findByText("This feature is not enabled for your organisation.")).toBeTruthy();
  });

  it("need a name", async () => {
    const user = userEvent.setup();
    const h = await renderScreen({ path: "/site-types/new", routes: catalogueRoutes, records: [["organization", { id: ORG, enabledFeatures: ["SITE_TYPES"] }]] });
    await screen.findByRole("heading", { name: "Add Site Type" });
    expect(screen.getByRole("button", { name: "Add" })).toHaveProperty("disabled", true);
    await user.type(screen.getByRole("textbox", { name: /^Name/ }), "Warehouse");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Warehouse added")).toBeTruthy();
    const id = h.router.state.location.pathname.split("/").pop() ?? "";
    expect(await h.stored("siteTypes", id)).toMatchObject({ name: "Warehouse", orgId: ORG });
  });
});
