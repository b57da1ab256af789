// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Site } from "../../domain/records";
import { useRecords } from "../../offline/SyncProvider";
import { SiteForm } from "./SiteForm";
import { siteRoutes } from "./routes";
import { type Answer, ORG, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";

// Component tests with a real store and router take a few seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const MAPLE = { id: hex(1), name: "Maple Plaza", status: "active", timeZone: "America/Toronto", country: "Canada", province: "Ontario", address: "5 Maple Ave", city: "Ottawa" };
const ADDRESS = "5 Maple Ave, Ottawa, Ontario, Canada";
const GEOCODE = "GET /api/geocode";

function SiteInformation() {
  const site = useRecords<Site>("locations").find((s) => s.id === MAPLE.id);
  return site ? <SiteForm site={site} /> : null;
}

async function openSite(geocode: Answer, site: Record<string, unknown> = MAPLE) {
  const harness = await renderScreen({
    path: "/info",
    routes: [...siteRoutes, { path: "/info", element: <SiteInformation /> }],
    records: [["locations", site]],
    http: { [GEOCODE]: geocode },
  });
  await screen.findByRole("heading", { name: "Site Information" });
  return harness;
}

const geocodeCalls = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([input]) => new URL(String(input))).filter((url) => url.pathname === "/api/geocode");

describe("Site map", () => {
  it("asks this server, not a third party, and shows OpenStreetMap's view of the address", async () => {
    const { fetch } = await openSite({ status: 200, body: { data: { lat: 45.42, lon: -75.69 } } });
    const map = await screen.findByTitle(`Map of ${ADDRESS}`);
    expect(map.getAttribute("src")).toContain("https://www.openstreetmap.org/export/embed.html?");
    expect(map.getAttribute("src")).toContain("marker=45.42000,-75.69000");
    const calls = geocodeCalls(fetch);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.searchParams.get("orgId")).toBe(ORG);
    expect(calls[0]?.searchParams.get("q")).toBe(ADDRESS);
    expect(fetch.mock.calls.every(([input]) => !String(input).includes("nominatim"))).toBe(true);
  });

  it("says when the address is not found", async () => {
    await openSite({ status: 200, body: { data: null } });
    const map = screen.getByRole("region", { name: "Map" });
    expect(await within(map).findByText("This address was not found on the map.")).toBeTruthy();
  });

  it("says the map failed when the geocoder did", async () => {
    await openSite({ status: 502, body: { code: "GeocoderFailed", message: "The geocoder did not answer", contextId: "c1" } });
    const map = screen.getByRole("region", { name: "Map" });
    expect(await within(map).findByText("The map could not be loaded. Try again later.")).toBeTruthy();
  });

  it("is left out, without a word, where the server has no geocoder, and the form still saves", async () => {
    const user = userEvent.setup();
    const { fetch, tab } = await openSite({
      status: 404,
      body: { code: "GeocodingOff", message: "This server has no geocoder configured (FIELDTAG_GEOCODER_URL)", contextId: "c1" },
    });
    await waitFor(() => expect(geocodeCalls(fetch)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Map" })).toBeNull());
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(/geocoder/i)).toBeNull();

    const name = screen.getByRole("textbox", { name: /^Name/ });
    await user.clear(name);
    await user.type(name, "Maple Plaza East");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Site saved")).toBeTruthy();
    expect(await tab.engine.get<Site>("locations", MAPLE.id)).toMatchObject({ name: "Maple Plaza East" });
    // Known to be off: another address is not asked for, and going offline adds no note either.
    act(() => tab.network.set(false));
    expect(screen.queryByRole("region", { name: "Map" })).toBeNull();
    expect(geocodeCalls(fetch)).toHaveLength(1);
  });

  it("shows the address with a note when offline", async () => {
    const { tab } = await openSite({ status: 200, body: { data: null } }, { ...MAPLE, address: "9 Offline Rd" });
    act(() => tab.network.set(false));
    const map = screen.getByRole("region", { name: "Map" });
    expect(within(map).getByText("9 Offline Rd, Ottawa, Ontario, Canada")).toBeTruthy();
    expect(within(map).getByText("The map needs an internet connection.")).toBeTruthy();
    expect(within(map).queryByTitle(/Map of/)).toBeNull();
  });
});
