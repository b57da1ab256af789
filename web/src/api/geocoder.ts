/**
 * Site addresses to points, for the site map: asked of this server (`GET /api/geocode`), which
 * asks the geocoder it is configured with and caches the answer (docs/maps.md). The browser
 * talks to no third party for it. A server without a geocoder says so once, and the map is
 * then left out for the rest of the session.
 */
import { ApiError, type ApiClient } from "./types";

export interface Point {
  lat: number;
  lon: number;
}

/** What the server knows of an address: a point, no such place, or nothing (no geocoder). */
export type Located = { state: "found"; point: Point } | { state: "notFound" } | { state: "off" };

interface Lookups {
  off: boolean;
  looked: Map<string, Promise<Located>>;
}

// Per client (one per session), so a new sign-in asks again.
const lookups = new WeakMap<ApiClient, Lookups>();

function lookupsOf(client: ApiClient): Lookups {
  let found = lookups.get(client);
  if (!found) {
    found = { off: false, looked: new Map() };
    lookups.set(client, found);
  }
  return found;
}

/** Whether this server was found to have no geocoder. */
export function geocodingOff(client: ApiClient): boolean {
  return lookupsOf(client).off;
}

/** The point of `query`; throws the client's ApiError when the lookup failed. */
export function geocode(client: ApiClient, orgId: string, query: string): Promise<Located> {
  const session = lookupsOf(client);
  if (session.off) return Promise.resolve({ state: "off" });
  let found = session.looked.get(query);
  if (!found) {
    found = client.request<{ data: Point | null }>("GET", "/geocode", { query: { orgId, q: query } }).then(
      ({ data }): Located => (data ? { state: "found", point: { lat: data.lat, lon: data.lon } } : { state: "notFound" }),
      (error: unknown): Located => {
        if (error instanceof ApiError && error.code === "GeocodingOff") {
          session.off = true;
          return { state: "off" };
        }
        throw error;
      },
    );
    // A failure (the network went, the geocoder was down) may be tried again later; an answer is kept.
    found.catch(() => session.looked.delete(query));
    session.looked.set(query, found);
  }
  return found;
}
