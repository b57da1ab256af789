/**
 * The Add Sites pane (§2 Schedule, §6 SCHEDULE_WRITE): search the sites and put one on the
 * selected day with Add. The event takes §9's defaults; its dialog changes them.
 */
import { Button, ListItem, ListItemText, Paper, TextField, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { t } from "../../lib/strings";
import type { Site } from "../../domain/records";
import { matches } from "../../domain/search";
import { PagedList } from "../../ui/PagedList";
import { byNameThenId } from "../../domain/names";

export interface AddSitesPaneProps {
  day: string;
  sites: readonly Site[];
  /** Why nothing can be added (no user to schedule), shown instead of the Add buttons. */
  blocked?: string;
  onAdd: (site: Site) => void;
}


export function AddSitesPane({ day, sites, blocked, onAdd }: AddSitesPaneProps) {
  const [query, setQuery] = useState("");
  const found = useMemo(
    () => sites.filter((site) => matches(query, [site.name, site.address, site.city, site.customerNumber?.toString()])).sort(byNameThenId),
    [sites, query],
  );
  const date = dayjs(day).format("MMMM D YYYY");
  return (
    <Paper component="section" aria-labelledby="add-sites-title" sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography id="add-sites-title" variant="h6" component="h2" sx={{ mb: 3 }}>
        {t("scheduleAddSites")}
      </Typography>
      <TextField label={t("search")} type="search" size="small" fullWidth value={query} onChange={(event) => setQuery(event.target.value)} />
      {blocked && (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          {blocked}
        </Typography>
      )}
      <PagedList
        items={found}
        itemKey={(site) => site.id}
        renderItem={(site) => (
          <ListItem
            divider
            secondaryAction={
              <Button variant="outlined" size="small" disabled={!!blocked} aria-label={t("scheduleAddSite", { site: site.name, date })} onClick={() => onAdd(site)}>
                {t("add")}
              </Button>
            }
            sx={{ pr: 8 }}
          >
            <ListItemText primary={site.name} secondary={[site.address, site.city].filter(Boolean).join(", ") || undefined} />
          </ListItem>
        )}
        empty={
          <Typography color="text.secondary" sx={{ mt: 3 }}>
            {t("scheduleNoSites")}
          </Typography>
        }
      />
    </Paper>
  );
}
