/**
 * The sites list (§2 Sites list), from the records on the device: the All tab with its search
 * over name, address, city, note, postal code, phone, email, contact and customer number,
 * sorted by name, 50 at a time. Rows show the name and an address line.
 */
import { ListItem, ListItemText, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { t } from "../../app/strings";
import { matches } from "../../domain/search";
import { useRecords, useSyncStatus } from "../../offline/SyncProvider";
import { PagedList } from "../../ui/PagedList";
import { TabbedPane } from "../../ui/TabbedPane";

export interface Site {
  id: string;
  name?: string;
  address?: string | null;
  city?: string | null;
  province?: string | null;
  postalCode?: string | null;
  note?: string | null;
  phone?: string | null;
  email?: string | null;
  contact?: string | null;
  customerNumber?: string | number | null;
}

export function addressLine(site: Site): string {
  return [site.address, site.city, site.province, site.postalCode].filter((part) => part && String(part).trim()).join(", ");
}

/** The sites matching `query`, sorted by name ascending. */
export function searchSites(sites: readonly Site[], query: string): Site[] {
  return sites
    .filter((s) => matches(query, [s.name, s.address, s.city, s.note, s.postalCode, s.phone, s.email, s.contact, s.customerNumber?.toString()]))
    .sort((a, b) => (a.name ?? "").localeCompare(b.name ?? "", undefined, { sensitivity: "base" }));
}

export function SitesPage() {
  const sites = useRecords<Site>("locations");
  const status = useSyncStatus();
  const [query, setQuery] = useState("");
  const shown = useMemo(() => searchSites(sites, query), [sites, query]);
  return (
    <TabbedPane
      title={t("sites")}
      headingLevel="h1"
      tabs={[{ value: "all", label: t("all"), badge: shown.length }]}
      selectedTab="all"
      onTabChange={() => undefined}
      search={{ value: query, onChange: setQuery }}
      syncing={status.state === "syncing"}
    >
      <PagedList
        items={shown}
        itemKey={(site) => site.id}
        renderItem={(site) => (
          <ListItem divider>
            <ListItemText primary={site.name} secondary={addressLine(site) || undefined} />
          </ListItem>
        )}
        empty={
          <Typography sx={{ p: 4 }} color="text.secondary">
            {query ? t("noSitesMatch") : t("noSitesYet")}
          </Typography>
        }
      />
    </TabbedPane>
  );
}
