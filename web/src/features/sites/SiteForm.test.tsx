// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { Link } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Site } from "../../domain/records";
import { useRecords } from "../../offline/SyncProvider";
import { SiteForm } from "./SiteForm";
import { siteRoutes } from "./routes";
import { type Answer, type Harness, type HarnessOptions, ORG, PHONE, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";

// Component tests with a real store and router take a few seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let harness: Harness | null = null;

afterEach(() => {
  cleanup();
  closeHarnesses();
  vi.unstubAllGlobals();
});

function SiteInformation() {
  const site = useRecords<Site>("locations").find((s) => s.id === MAPLE.id);
  return site ? (
    <>
      <Link to="/sites">Back to Sites</Link>
      <SiteForm site={site} />
    </>
  ) : null;
}

const MAPLE = { id: hex(1), name: "Maple Plaza", status: "active", timeZone: "America/Toronto", country: "Canada", province: "Ontario", address: "5 Maple Ave", city: "Ottawa", customerId: hex(30) };
const COUNTER = `POST /api/organizations/${ORG}/counters/site-number`;
const routes = [...siteRoutes, { path: "/info", element: <SiteInformation /> }];

async function open(options: Partial<HarnessOptions> = {}) {
  harness = await renderScreen({ path: "/sites/new", before: ["/sites"], routes, ...options });
  return harness;
}

async function openSite(options: Partial<HarnessOptions> = {}) {
  const opened = await open({ ...options, path: "/info", records: [["locations", MAPLE], ...(options.records ?? [])] });
  await screen.findByRole("heading", { name: "Site Information" });
  return opened;
}

const field = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const select = (name: string) => screen.getByRole("combobox", { name: new RegExp(`^${name}`) });
/** What a choice field shows: an Autocomplete's input value, a Select's text. */
const shown = (name: string) => {
  const box = select(name);
  return box instanceof HTMLInputElement ? box.value : (box.textContent ?? "");
};

async function openChoices(user: UserEvent, label: string, filter = ""): Promise<HTMLElement> {
  const box = await screen.findByRole("combobox", { name: new RegExp(`^${label}`) });
  await user.click(box);
  if (filter) await user.paste(filter);
  return screen.findByRole("listbox");
}

async function choose(user: UserEvent, label: string, option: string) {
  const box = await screen.findByRole("combobox", { name: new RegExp(`^${label}`) });
  // Countries, provinces and time zones filter as typed; the other selects just open.
  const listbox = await openChoices(user, label, box instanceof HTMLInputElement ? option : "");
  await user.click(await within(listbox).findByText(option, { selector: "li" }));
  await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
}

async function optionsOf(user: UserEvent, label: string): Promise<string[]> {
  const listbox = await openChoices(user, label);
  const names = Array.from(listbox.querySelectorAll("li"), (o) => o.textContent ?? "");
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
  return names;
}

async function fillRequired(user: UserEvent) {
  await user.click(field("Name"));
  await user.paste("Elm Centre");
  await choose(user, "Country", "Canada");
  await choose(user, "Time Zone", "America/Toronto");
}

describe("Add Site form", () => {
  it("needs name, country and time zone; the time zone waits for the country", async () => {
    const user = userEvent.setup();
    await open();
    expect(screen.getByRole("heading", { name: "Add Site" })).toBeTruthy();
    const add = screen.getByRole("button", { name: "Add" });
    expect(add).toHaveProperty("disabled", true);
    expect(screen.getAllByText("Please select country first")).toHaveLength(2);
    expect(select("Time Zone")).toHaveProperty("disabled", true);

    await user.click(field("Name"));
    await user.paste("Elm Centre");
    expect(add).toHaveProperty("disabled", true);
    await choose(user, "Country", "Canada");
    expect(screen.queryByText("Please select country first")).toBeNull();
    expect(add).toHaveProperty("disabled", true);
    await choose(user, "Time Zone", "America/Toronto");
    expect(add).toHaveProperty("disabled", false);
    expect(shown("Status")).toBe("Active");
  });

  it("offers the country's time zones and provinces, and a new country clears the time zone and province", async () => {
    const user = userEvent.setup();
    await open();
    await fillRequired(user);
    await choose(user, "Province", "Ontario");
    expect(await optionsOf(user, "Time Zone")).toContain("America/Vancouver");

    await choose(user, "Country", "United States");
    expect(shown("Time Zone")).toBe("");
    expect(shown("Province")).toBe("");
    expect(screen.getByRole("button", { name: "Add" })).toHaveProperty("disabled", true);
    const zones = await optionsOf(user, "Time Zone");
    expect(zones).toContain("America/Chicago");
    expect(zones).not.toContain("America/Toronto");
    const provinces = await optionsOf(user, "Province");
    expect(provinces).toContain("Texas");
    expect(provinces).not.toContain("Ontario");
  });

  it("takes a country's only time zone at once", async () => {
    const user = userEvent.setup();
    await open();
    await choose(user, "Country", "France");
    await waitFor(() => expect(shown("Time Zone")).toBe("Europe/Paris"));
  });

  it("refuses a bad email and a zone outside 1 to 30", async () => {
    const user = userEvent.setup();
    await open();
    await fillRequired(user);
    const add = screen.getByRole("button", { name: "Add" });
    await user.type(field("Email"), "front desk@");
    expect(add).toHaveProperty("disabled", true);
    await user.clear(field("Email"));
    await user.type(field("Email"), "desk@elm.example");
    expect(add).toHaveProperty("disabled", false);

    await user.type(field("Zone"), "31");
    expect(screen.getByText("Zone must be a whole number from 1 to 30")).toBeTruthy();
    expect(add).toHaveProperty("disabled", true);
    await user.clear(field("Zone"));
    await user.type(field("Zone"), "30");
    expect(screen.queryByText("Zone must be a whole number from 1 to 30")).toBeNull();
    expect(add).toHaveProperty("disabled", false);
  });

  it("saves the site on the device and replaces /sites/new by /sites/{newId}", async () => {
    const user = userEvent.setup();
    const { router, tab } = await open();
    await fillRequired(user);
    await user.type(field("Zone"), "4");
    await user.type(field("Popup Note"), "Ring twice");
    await user.click(screen.getByRole("button", { name: "Add" }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/sites\/[0-9a-f]{32}$/));
    const id = router.state.location.pathname.split("/")[2] ?? "";
    const saved = await tab.engine.get<Site>("locations", id);
    expect(saved).toMatchObject({ id, orgId: ORG, name: "Elm Centre", status: "active", country: "Canada", timeZone: "America/Toronto", zone: 4, popupNote: "Ring twice", customerNumber: null, hasBeenChangedLocally: true });
    expect(await screen.findByText("Site added")).toBeTruthy();

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/sites");
  });

  it("presets the customer of /customers/{customerId}/sites/new", async () => {
    const user = userEvent.setup();
    const { router, tab } = await open({ path: `/customers/${hex(30)}/sites/new` });
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/sites\/[0-9a-f]{32}$/));
    const saved = await tab.engine.get<Site>("locations", router.state.location.pathname.split("/")[2] ?? "");
    expect(saved?.customerId).toBe(hex(30));
  });

  it("is not for phones", async () => {
    await open({ width: PHONE });
    expect(screen.getByText("Locations can only be added on a desktop browser")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add" })).toBeNull();
  });

  it("is for tablets as for desktops", async () => {
    await open({ width: 820 });
    expect(screen.queryByText("Locations can only be added on a desktop browser")).toBeNull();
    expect(screen.getByRole("button", { name: "Add" })).toBeTruthy();
  });

  it("needs LOCATION_WRITE", async () => {
    await open({ permissions: ["LOCATION_READ"] });
    expect(screen.getByText("Adding a site needs permission to change sites.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /^Name/ })).toBeNull();
  });
});

describe("Site number", () => {
  const generate = async (answer: Answer) => {
    const user = userEvent.setup();
    const opened = await open({ http: { [COUNTER]: answer } });
    await user.click(screen.getByRole("button", { name: "Generate" }));
    return opened;
  };

  it("comes from the server's counter", async () => {
    const { fetch } = await generate({ status: 200, body: { data: { data: 1042 } } });
    await waitFor(() => expect(field("Site Number").value).toBe("1042"));
    const [url, init] = fetch.mock.calls[0] as [URL, RequestInit];
    expect(String(url)).toMatch(new RegExp(`/api/organizations/${ORG}/counters/site-number$`));
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ siteNumber: "$increment" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says the device must be online when it is not", async () => {
    await generate("offline");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not generate unique site number.  Device must be connected to the internet.  A site number can still be entered manually.",
    );
    expect(field("Site Number").value).toBe("");
  });

  it("says to try again or type one on any other failure", async () => {
    await generate({ status: 500, body: { code: "ServerError", message: "Server error", contextId: "c1" } });
    expect((await screen.findByRole("alert")).textContent).toBe("Could not generate unique site number.  Please try again later or enter a site number manually.");
  });

  it("can still be typed by hand", async () => {
    const user = userEvent.setup();
    await open();
    await user.type(field("Site Number"), "A-7");
    expect(field("Site Number").value).toBe("A-7");
  });
});

describe("Site Information form", () => {
  it("saves changes with Save", async () => {
    const user = userEvent.setup();
    const { tab, router } = await openSite();
    expect(field("Name").value).toBe("Maple Plaza");
    expect(shown("Country")).toBe("Canada");
    await user.clear(field("Name"));
    await user.type(field("Name"), "Maple Plaza East");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Site saved")).toBeTruthy();
    expect(await tab.engine.get<Site>("locations", MAPLE.id)).toMatchObject({ name: "Maple Plaza East", province: "Ontario", timeZone: "America/Toronto" });
    expect(router.state.location.pathname).toBe("/info");
  });

  it("is read-only without LOCATION_WRITE", async () => {
    await openSite({ permissions: ["LOCATION_READ"] });
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    expect(field("Name")).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Generate" })).toHaveProperty("disabled", true);
  });

  it("asks before leaving unsaved changes", async () => {
    const user = userEvent.setup();
    const { router } = await openSite();
    await user.type(field("Name"), " East");
    await user.click(screen.getByRole("link", { name: "Back to Sites" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave page?" });
    expect(within(dialog).getByText("Your current changes will be discarded.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(router.state.location.pathname).toBe("/info");
  });

  it("has site types with SITE_TYPES, and custom location fields", async () => {
    const user = userEvent.setup();
    const { tab } = await openSite({
      records: [
        ["organization", { id: ORG, name: "Org", email: "o@example.com", enabledFeatures: ["SITE_TYPES"] }],
        ["siteTypes", { id: hex(40), name: "Warehouse" }],
        ["locationFields", { id: hex(50), name: "Gate Code" }],
      ],
    });
    await choose(user, "Site Type", "Warehouse");
    await user.type(field("Gate Code"), "4321");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Site saved");
    expect(await tab.engine.get<Site>("locations", MAPLE.id)).toMatchObject({ typeId: hex(40), fieldData: { [hex(50)]: "4321" } });
  });

  it("has no site type without SITE_TYPES", async () => {
    await openSite({ records: [["siteTypes", { id: hex(40), name: "Warehouse" }]] });
    expect(screen.queryByRole("combobox", { name: /^Site Type/ })).toBeNull();
  });

  it("shows the customer and the way to pick one only where customers are", async () => {
    const billing = { id: ORG, name: "Org", email: "o@example.com", enabledFeatures: ["BILLING"], showBilling: true };
    await openSite({ records: [["organization", billing], ["customers", { id: hex(30), name: "Acme Corp", accountNumber: "A1" }]] });
    const section = await screen.findByRole("region", { name: "Customer" });
    expect(await within(section).findByText("Acme Corp")).toBeTruthy();
    expect(within(section).getByRole("link", { name: "Select Customer" }).getAttribute("href")).toBe(`/sites/${MAPLE.id}/customer-select`);
    cleanup();
    closeHarnesses();

    await openSite({ records: [["organization", { ...billing, showBilling: false }], ["customers", { id: hex(30), name: "Acme Corp", accountNumber: "A1" }]] });
    expect(screen.queryByRole("region", { name: "Customer" })).toBeNull();
  });
});
