/**
 * The embedded map of the Site Information form (§2 Other screens): an OpenStreetMap view of
 * the saved address. It is the one part of the site screens that needs the network (the
 * address is looked up through this server's geocoder, then shown in OpenStreetMap's embed);
 * offline, the address shows as text with a note that the map needs a connection. A server
 * without a geocoder leaves the map out, without a word: the form needs none of it.
 */
import { Box, Link, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { type Point, geocode, geocodingOff } from "../../api/geocoder";
import { useAuth } from "../../auth/AuthProvider";
import { t } from "../../lib/strings";
import type { Site } from "../../domain/records";
import { useSyncStatus } from "../../offline/SyncProvider";
import { mapQuery } from "./siteSearch";

/** OpenStreetMap's embeddable view around `point`, with a marker on it. */
export function embedUrl({ lat, lon }: Point): string {
  const d = 0.004;
  const bbox = [lon - d, lat - d, lon + d, lat + d].map((n) => n.toFixed(5)).join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat.toFixed(5)},${lon.toFixed(5)}`;
}

export function largerMapUrl({ lat, lon }: Point): string {
  return `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lon.toFixed(5)}#map=17/${lat.toFixed(5)}/${lon.toFixed(5)}`;
}

type Lookup = { query: string; state: "loading" | "notFound" | "failed" | "off" } | { query: string; state: "found"; point: Point };

export function SiteMap({ site }: { site: Partial<Site> }) {
  const online = useSyncStatus((status) => status.online);
  const { client, user } = useAuth();
  const orgId = user?.orgId ?? "";
  const query = mapQuery(site);
  const [lookup, setLookup] = useState<Lookup | null>(null);

  useEffect(() => {
    if (!online || !query || !orgId) return undefined;
    let mounted = true;
    setLookup({ query, state: "loading" });
    geocode(client, orgId, query).then(
      (located) => mounted && setLookup({ query, ...located }),
      () => mounted && setLookup({ query, state: "failed" }),
    );
    return () => {
      mounted = false;
    };
  }, [client, online, orgId, query]);

  if (!query || geocodingOff(client) || lookup?.state === "off") return null;
  const current = lookup?.query === query ? lookup : null;
  const note = !online
    ? t("mapNeedsConnection")
    : current?.state === "notFound"
      ? t("mapAddressNotFound")
      : current?.state === "failed"
        ? t("mapFailed")
        : null;

  return (
    <Box component="section" aria-label={t("map")}>
      {online && current?.state === "found" ? (
        <>
          <Box
            component="iframe"
            title={t("mapOf", { address: query })}
            src={embedUrl(current.point)}
            loading="lazy"
            sx={{ width: "100%", height: 240, border: 0, borderRadius: 3, display: "block" }}
          />
          <Link href={largerMapUrl(current.point)} target="_blank" rel="noopener noreferrer" variant="body2">
            {t("viewLargerMap")}
          </Link>
        </>
      ) : (
        <Box sx={{ p: 4, borderRadius: 3, bgcolor: "action.hover" }}>
          <Typography>{query}</Typography>
          {note && (
            <Typography variant="body2" color="text.secondary">
              {note}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
