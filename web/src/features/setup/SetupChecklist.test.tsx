// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DESKTOP, ORG, PHONE, USER, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";
import { SetupChecklist } from "./SetupChecklist";
import { dismissedKey } from "./checklist";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const routes = [
  { path: "/welcome", element: <SetupChecklist place="welcome" /> },
  { path: "/sites", element: <SetupChecklist place="home" /> },
];

const SITE = { id: hex(0x10), name: "Head Office", timeZone: "America/Toronto" };
const me = ["users", { id: USER, name: "Ada", email: "ada@example.com", permissions: ["*.*"] }] as const;

const steps = () => within(screen.getByRole("list", { name: "Set Up Your Organisation" })).getAllByRole("listitem");
const stateOf = (label: string) => {
  const link = screen.getByRole("link", { name: new RegExp(`^${label}`) });
  return link.textContent?.endsWith("Done") ? "done" : "to do";
};

describe("the setup checklist", () => {
  it("shows a new organisation's five steps to do, each linking to its screen", async () => {
    await renderScreen({ path: "/welcome", routes, width: PHONE, records: [[...me]] });
    await screen.findByRole("heading", { name: "Set Up Your Organisation" });
    expect(steps()).toHaveLength(5);
    expect(screen.getByText("0 of 5 done")).toBeTruthy();
    const href = (label: string) => screen.getByRole("link", { name: new RegExp(`^${label}`) }).getAttribute("href");
    expect(href("Add equipment types and service types")).toBe("/equipment-types");
    expect(href("Add models")).toBe("/equipment-types");
    expect(href("Add your first site")).toBe("/sites/new");
    expect(href("Import a spreadsheet of equipment")).toBe("/imports/csv");
    expect(href("Invite technicians")).toBe("/users/new");
  });

  it("adds a starter catalogue from the checklist, which marks the catalogue and models done", async () => {
    const user = userEvent.setup();
    const h = await renderScreen({ path: "/welcome", routes, records: [[...me]] });
    await user.click(await screen.findByRole("button", { name: "Add Portable Fire Extinguishers" }));
    // Some sixty records, one store transaction each: slow on a loaded machine.
    await screen.findByText("Portable Fire Extinguishers added", undefined, { timeout: 20_000 });
    await waitFor(() => expect(stateOf("Add equipment types and service types")).toBe("done"));
    expect(stateOf("Add models")).toBe("done");
    expect(stateOf("Add your first site")).toBe("to do");
    expect(screen.getByText("2 of 5 done")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Add Portable/ })).toBeNull();
    expect((await h.tab.engine.list("equipmentTypes")).length).toBe(4);
  });

  it("marks the site, spreadsheet and invite steps done from the records, and lets the home dismiss it only then", async () => {
    const user = userEvent.setup();
    const h = await renderScreen({
      path: "/sites",
      routes,
      width: DESKTOP,
      records: [
        [...me],
        ["users", { id: hex(0x20), name: "Tech", email: "tech@example.com", permissions: ["MOBILE_LOGIN"] }],
        ["equipmentTypes", { id: hex(1), name: "Extinguisher" }],
        ["serviceTypes", { id: hex(2), name: "Monthly", equipmentTypeId: hex(1), dueWhen: "any", frequencyType: 6, frequency: 1 }],
        ["locations", SITE],
        ["equipment", { id: hex(0x30), name: "Lobby", locationId: SITE.id }],
      ],
    });
    await screen.findByText("4 of 5 done");
    expect(stateOf("Add models")).toBe("to do");
    expect(screen.queryByRole("button", { name: "Dismiss" })).toBeNull();
    expect(stateOf("Import a spreadsheet of equipment")).toBe("done");

    await h.tab.engine.put("models", { id: hex(3), orgId: ORG, name: "B500", equipmentTypeId: hex(1) });
    await screen.findByText("Your organisation is set up.");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Set Up Your Organisation" })).toBeNull());
    expect(localStorage.getItem(dismissedKey(ORG))).not.toBeNull();
  });

  it("is gone from the home once dismissed, and shows nothing to a technician", async () => {
    localStorage.setItem(dismissedKey(ORG), "2026-11-20T10:00:00.000Z");
    await renderScreen({ path: "/sites", routes, records: [[...me]] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole("heading", { name: "Set Up Your Organisation" })).toBeNull();
    cleanup();
    closeHarnesses();
    await renderScreen({ path: "/welcome", routes, permissions: ["MOBILE_LOGIN", "EQUIPMENT_WRITE", "SERVICE_WRITE"], records: [[...me]] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole("heading", { name: "Set Up Your Organisation" })).toBeNull();
  });
});
