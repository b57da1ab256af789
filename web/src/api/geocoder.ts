/**
 * Addresses looked up with OpenStreetMap's geocoder, Nominatim: the one service the app calls
 * that is not Fieldtag's own API.
 */
export interface Point {
  lat: number;
  lon: number;
}

const GEOCODER = "https://nominatim.openstreetmap.org/search";
// Nominatim asks for at most one request a second per client: an address is looked up once.
const looked = new Map<string, Promise<Point | null>>();

/** The point of `query` by OpenStreetMap's geocoder, or null when it knows no such place. */
export function geocode(query: string): Promise<Point | null> {
  let found = looked.get(query);
  if (!found) {
    const url = `${GEOCODER}?format=jsonv2&limit=1&q=${encodeURIComponent(query)}`;
    found = fetch(url, { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
        return response.json() as Promise<{ lat: string; lon: string }[]>;
      })
      .then((places) => {
        const place = places[0];
        return place ? { lat: Number(place.lat), lon: Number(place.lon) } : null;
      });
    // A failure (the network went) may be tried again later; an answer is kept.
    found.catch(() => looked.delete(query));
    looked.set(query, found);
  }
  return found;
}
