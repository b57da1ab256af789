// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Customer, Site } from "../../domain/records";
import { type Answer, type Harness, type HarnessOptions, ORG, PHONE, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";
import { customerRoutes } from "./routes";

// Component tests with a real store and router take a few seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const BILLING_ORG = { id: ORG, name: "Org", email: "o@example.com", enabledFeatures: ["BILLING"], showBilling: true };
const ACME = { id: hex(30), name: "Acme Corp", accountNumber: "A-1", city: "Ottawa" };
const BETA = { id: hex(31), name: "beta Holdings", accountNumber: 2, contact: "Grace" };
const SITE = { id: hex(1), name: "Maple Plaza", status: "active", timeZone: "America/Toronto", customerId: ACME.id, address: "5 Maple Ave" };
const OTHER_SITE = { id: hex(2), name: "Elm Centre", status: "active", timeZone: "America/Toronto" };
const COUNTER = `POST /api/organizations/${ORG}/counters/account-number`;

let harness: Harness | null = null;

async function open(path: string, options: Partial<HarnessOptions> = {}) {
  harness = await renderScreen({
    path,
    routes: customerRoutes,
    records: [["organization", BILLING_ORG], ["customers", ACME], ["customers", BETA], ["locations", SITE], ["locations", OTHER_SITE]],
    ...options,
  });
  return harness;
}

const field = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const where = () => harness?.router.state.location.pathname;
const listNames = (pane: HTMLElement) => within(within(pane).getByRole("list")).queryAllByRole("link").map((link) => within(link).getAllByText(/./)[0]?.textContent);

async function typeIn(user: UserEvent, name: string, text: string) {
  await user.click(field(name));
  await user.paste(text);
}

describe("Customers visibility", () => {
  it.each([
    ["without the BILLING feature", { ...BILLING_ORG, enabledFeatures: [] }, ["*.*"]],
    ["with showBilling off", { ...BILLING_ORG, showBilling: false }, ["*.*"]],
    ["without location-read", BILLING_ORG, ["SETTINGS_READ", "EQUIPMENT_READ"]],
  ])("answers 'not available' %s", async (_case, org, permissions) => {
    await open("/customers", { permissions, records: [["organization", org], ["customers", ACME]] });
    expect(await screen.findByText(/Customers are not available/)).toBeTruthy();
    expect(screen.queryByText("Acme Corp")).toBeNull();
    expect(screen.getByRole("link", { name: "Go to Sites" }).getAttribute("href")).toBe("/sites");
  });
});

describe("Customers list", () => {
  it("lists customers by name beside the form on a desktop, and searches them", async () => {
    const user = userEvent.setup();
    await open("/customers");
    const heading = await screen.findByRole("heading", { name: "Customers", level: 1 });
    const pane = heading.closest(".MuiPaper-root") as HTMLElement;
    expect(listNames(pane)).toEqual(["Acme Corp", "beta Holdings"]);
    expect(screen.getByText("Choose a customer from the list, or add one.")).toBeTruthy();
    await user.type(within(pane).getByRole("searchbox", { name: "Search" }), "grace");
    expect(listNames(pane)).toEqual(["beta Holdings"]);
    await user.type(within(pane).getByRole("searchbox", { name: "Search" }), " nobody");
    expect(within(pane).queryByRole("list")).toBeNull();
    expect(within(pane).getByText("No customers match this search.")).toBeTruthy();
  });

  it("shows the list, then the form, on a phone", async () => {
    await open(`/customers/${ACME.id}`, { width: PHONE });
    const list = await screen.findByRole("heading", { name: "Customers" });
    const form = await screen.findByRole("heading", { name: "Customer Information" });
    expect(list.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe("Customer form", () => {
  it("needs a name and an account number, then adds the customer and replaces /customers/new", async () => {
    const user = userEvent.setup();
    const { tab, router } = await open("/customers/new", { before: ["/customers"] });
    await screen.findByRole("heading", { name: "Add Customer", level: 2 });
    const add = screen.getByRole("button", { name: "Add" });
    expect(add).toHaveProperty("disabled", true);
    await typeIn(user, "Name", "Gamma Ltd");
    expect(add).toHaveProperty("disabled", true);
    await typeIn(user, "Account Number", "G-3");
    expect(add).toHaveProperty("disabled", false);
    await typeIn(user, "Email", "billing@");
    expect(add).toHaveProperty("disabled", true);
    await typeIn(user, "Email", "gamma.example");
    expect(add).toHaveProperty("disabled", false);

    await user.click(add);
    await waitFor(() => expect(where()).toMatch(/^\/customers\/[0-9a-f]{32}$/));
    const id = where()?.split("/")[2] ?? "";
    expect(await tab.engine.get<Customer>("customers", id)).toMatchObject({ id, orgId: ORG, name: "Gamma Ltd", accountNumber: "G-3", email: "billing@gamma.example", phone: null });
    expect(await screen.findByText("Customer added")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Customer Information" })).toBeTruthy();
    await router.navigate(-1);
    expect(where()).toBe("/customers");
  });

  it("offers the country's provinces", async () => {
    const user = userEvent.setup();
    await open("/customers/new");
    const province = await screen.findByRole("combobox", { name: /^Province/ });
    expect(province).toHaveProperty("disabled", true);
    expect(screen.getByText("Please select country first")).toBeTruthy();
    await user.click(screen.getByRole("combobox", { name: /^Country/ }));
    await user.paste("Canada");
    await user.click(await within(await screen.findByRole("listbox")).findByText("Canada", { selector: "li" }));
    await user.click(province);
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getByText("Ontario", { selector: "li" })).toBeTruthy();
    expect(within(listbox).queryByText("Texas", { selector: "li" })).toBeNull();
  });

  it("edits a customer with Save and lists its sites with Add Site", async () => {
    const user = userEvent.setup();
    const { tab } = await open(`/customers/${ACME.id}`);
    await screen.findByRole("heading", { name: "Customer Information" });
    expect(field("Name").value).toBe("Acme Corp");
    expect(field("Account Number").value).toBe("A-1");
    const sites = screen.getByRole("region", { name: "Sites" });
    expect((await within(sites).findByRole("link", { name: /Maple Plaza/ })).getAttribute("href")).toBe(`/sites/${SITE.id}`);
    expect(within(sites).queryByText("Elm Centre")).toBeNull();
    expect(within(sites).getByRole("link", { name: "Add Site" }).getAttribute("href")).toBe(`/customers/${ACME.id}/sites/new`);

    await typeIn(user, "Contact", "Ada");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Customer saved")).toBeTruthy();
    expect(await tab.engine.get<Customer>("customers", ACME.id)).toMatchObject({ contact: "Ada", accountNumber: "A-1" });
  });

  it("says when a customer is not on the device", async () => {
    await open(`/customers/${hex(99)}`);
    expect(await screen.findByText("This customer is not on this device.")).toBeTruthy();
  });

  it("needs LOCATION_WRITE to change", async () => {
    await open(`/customers/${ACME.id}`, { permissions: ["LOCATION_READ"] });
    await screen.findByRole("heading", { name: "Customer Information" });
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    expect(field("Name")).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Generate" })).toHaveProperty("disabled", true);
    expect(screen.queryByRole("link", { name: "Add Customer" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Add Site" })).toBeNull();
    cleanup();
    closeHarnesses();

    await open("/customers/new", { permissions: ["LOCATION_READ"] });
    expect(await screen.findByText("Adding a customer needs permission to change sites.")).toBeTruthy();
  });
});

describe("Account number", () => {
  const generate = async (answer: Answer) => {
    const user = userEvent.setup();
    const opened = await open("/customers/new", { http: { [COUNTER]: answer } });
    await user.click(await screen.findByRole("button", { name: "Generate" }));
    return opened;
  };

  it("comes from the server's counter", async () => {
    const { fetch } = await generate({ status: 200, body: { data: { data: 77 } } });
    await waitFor(() => expect(field("Account Number").value).toBe("77"));
    const [url, init] = fetch.mock.calls[0] as [URL, RequestInit];
    expect(String(url)).toMatch(new RegExp(`/api/organizations/${ORG}/counters/account-number$`));
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ accountNumber: "$increment" });
  });

  it("says the device must be online when it is not", async () => {
    await generate("offline");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not generate unique account number. Device must be connected to the internet. An account number can still be entered manually.",
    );
  });

  it("says to try again or type one on any other failure", async () => {
    await generate({ status: 403, body: { code: "Forbidden", message: "Missing permission", contextId: "c2" } });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not generate unique account number. Please try again later or enter an account number manually.",
    );
  });
});

describe("Customer select", () => {
  const path = `/sites/${OTHER_SITE.id}/customer-select`;

  it("sets the site's customer and returns to the site", async () => {
    const user = userEvent.setup();
    const { tab } = await open(path);
    await screen.findByRole("heading", { name: "Select Customer for Elm Centre" });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "acme");
    expect(screen.queryByText("beta Holdings")).toBeNull();
    await user.click(screen.getByRole("button", { name: /Acme Corp/ }));
    await waitFor(() => expect(where()).toBe(`/sites/${OTHER_SITE.id}`));
    expect((await tab.engine.get<Site>("locations", OTHER_SITE.id))?.customerId).toBe(ACME.id);
  });

  it("removes the customer", async () => {
    const user = userEvent.setup();
    const { tab } = await open(`/sites/${SITE.id}/customer-select`);
    await user.click(await screen.findByRole("button", { name: "Remove Customer" }));
    await waitFor(() => expect(where()).toBe(`/sites/${SITE.id}`));
    expect((await tab.engine.get<Site>("locations", SITE.id))?.customerId).toBeNull();
  });

  it("only shows the customers without LOCATION_WRITE", async () => {
    await open(path, { permissions: ["LOCATION_READ"] });
    expect(await screen.findByText("Choosing a site's customer needs permission to change sites.")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Acme Corp/ }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.queryByRole("button", { name: "Remove Customer" })).toBeNull();
  });

  it("is not available where customers are not, and says when the site is unknown", async () => {
    await open(path, { records: [["organization", { ...BILLING_ORG, showBilling: false }], ["locations", OTHER_SITE]] });
    expect(await screen.findByText(/Customers are not available/)).toBeTruthy();
    cleanup();
    closeHarnesses();
    await open(`/sites/${hex(98)}/customer-select`);
    expect(await screen.findByText("This site is not on this device.")).toBeTruthy();
  });
});
