/**
 * The sites list (§2 Sites list), from the records on the device. On phones only (§2 'mobile
 * only': under 600 px, not tablets) the tabs Today and This Month list the sites the user is
 * scheduled at; All lists every site, with the search. Rows show the name and an address line, sorted by name; a site with a
 * popup note shows it before opening; each row has a contact dialog. Add Site needs
 * LOCATION_WRITE and a tablet or desktop (§2 'On mobile' refuses it): an empty list offers it
 * there, and on a phone says where sites are added. Until the first download has come, the list shows as loading.
 */
import { Box, Button, DialogContentText, Typography, styled } from "@mui/material";
import dayjs from "dayjs";
import { memo, useCallback, useDeferredValue, useMemo, useState, type MouseEvent } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { t } from "../../lib/strings";
import { useDevice } from "../../ui/theme";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { byName } from "../../domain/names";
import type { Site } from "../../domain/records";
import { useLoadedRecords, useRecords, useSyncEngine, useSyncStatus } from "../../offline/SyncProvider";
import { prefetchSiteRecords } from "../../offline/useSiteRecords";
import { ListSkeleton } from "../../ui/ListSkeleton";
import { PagedList } from "../../ui/PagedList";
import { pressable } from "../../ui/pressable";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { TabbedPane } from "../../ui/TabbedPane";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { ContactDialog } from "./ContactDialog";
import { FirstTimeWarning } from "./FirstTimeWarning";
import { PlainPhoneIcon } from "./icons";
import { type ScheduledEvent, scheduledSiteIds } from "./scheduledSites";
import { addressLine, searchSites } from "./siteSearch";
import { KEEP_SEARCH, useRememberedSearch } from "./useRememberedSearch";

type TabValue = "today" | "month" | "all";

const hasText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

const NO_SITES: Site[] = [];

export function SitesPage() {
  const { user } = useAuth();
  const stored = useLoadedRecords<Site>("locations");
  const sites = stored ?? NO_SITES;
  const events = useRecords<ScheduledEvent>("schedule");
  const syncing = useSyncStatus((status) => status.state === "syncing");
  const downloaded = useSyncStatus((status) => status.lastSuccessfulDownloadDate !== undefined);
  const device = useDevice();
  const phone = device === "mobile";
  const navigate = useNavigate();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const [params, setParams] = useSearchParams();
  const [noteFor, setNoteFor] = useState<Site | null>(null);
  const [contactFor, setContactFor] = useState<Site | null>(null);

  // The tab lives in the address, so coming back from a site finds it again (the search is
  // remembered: useRememberedSearch).
  const asked = params.get("tab");
  const tab: TabValue = phone ? (asked === "all" || asked === "month" ? asked : "today") : "all";
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, state: KEEP_SEARCH },
    );
  const [query, setQuery] = useRememberedSearch(user?.id);
  // The box shows each key at once; the rows follow in a render that gives way to the next key.
  const searched = useDeferredValue(query);

  const day = dayjs().format("YYYY-MM-DD");
  const scheduled = useMemo(() => {
    const now = dayjs(day).toDate();
    const pick = (ids: Set<string>) => sites.filter((s) => ids.has(s.id)).sort(byName);
    return { today: pick(scheduledSiteIds(events, user?.id, now, "day")), month: pick(scheduledSiteIds(events, user?.id, now, "month")) };
  }, [sites, events, user?.id, day]);
  const found = useMemo(() => searchSites(sites, searched), [sites, searched]);
  const shown = tab === "today" ? scheduled.today : tab === "month" ? scheduled.month : found;

  const tabs = phone
    ? [
        { value: "today", label: t("today"), badge: scheduled.today.length },
        { value: "month", label: t("thisMonth"), badge: scheduled.month.length },
        { value: "all", label: t("all"), badge: found.length },
      ]
    : [{ value: "all", label: t("all"), badge: found.length }];

  const open = useCallback(
    (event: MouseEvent, site: Site) => {
      prefetchSiteRecords(engine, site.id);
      if (!hasText(site.popupNote)) return;
      event.preventDefault();
      setNoteFor(site);
    },
    [engine],
  );

  function addSite() {
    if (!phone) navigate("/sites/new");
    else snackbar.show(t("locationsDesktopOnly"), "warning");
  }

  const mayAdd = can(user, "LOCATION_WRITE");
  // Not read from the device yet, or the first download (which brings the sites and the
  // schedule) still running: nothing is known yet.
  const loading = stored === undefined || (!downloaded && sites.length === 0);
  // New records (heard from the store, an urgent update) reach the rows in a render of their
  // own that gives way to input, so 50 rows (tens of ms on a slow phone) never hold up a
  // keystroke or the sync status; the search is deferred above, and the tab lives in the address,
  // which the router renders as a transition. Each row is memoised: a render for the status
  // alone draws none.
  const listed = useDeferredValue(useMemo(() => ({ items: shown, loading }), [shown, loading]));
  const noSitesYet = tab === "all" && !searched;
  const emptyText =
    tab === "today" ? t("noSitesToday") : tab === "month" ? t("noSitesThisMonth") : searched ? t("noSitesMatch") : phone ? t("noSitesYet") : t("noSitesYetDesktop");

  return (
    <>
      <TabbedPane
        title={t("sites")}
        headingLevel="h1"
        tabs={tabs}
        selectedTab={tab}
        onTabChange={(value) => setParam("tab", value === "today" ? "" : value)}
        search={tab === "all" ? { value: query, onChange: setQuery } : undefined}
        syncing={syncing}
        busy={loading}
        actions={
          mayAdd && (
            <Button variant="contained" size="small" onClick={addSite}>
              {t("addSite")}
            </Button>
          )
        }
      >
        <SiteRows>
          <PagedList
            items={listed.items}
            itemKey={(site) => site.id}
            renderItem={(site) => <SiteRow site={site} onOpen={open} onContact={setContactFor} />}
            empty={
              listed.loading ? (
                <ListSkeleton />
              ) : (
                <Box sx={{ p: 4 }}>
                  <Typography color="text.secondary">{emptyText}</Typography>
                  {noSitesYet && !phone && mayAdd && (
                    <Button variant="contained" onClick={addSite} sx={{ mt: 3 }}>
                      {t("addSite")}
                    </Button>
                  )}
                </Box>
              )
            }
          />
        </SiteRows>
      </TabbedPane>
      <ResponsiveDialog
        open={noteFor !== null}
        onClose={() => setNoteFor(null)}
        title={t("note")}
        actions={
          <Button variant="contained" onClick={() => noteFor && navigate(`/sites/${noteFor.id}`)}>
            {t("ok")}
          </Button>
        }
      >
        <DialogContentText sx={{ whiteSpace: "pre-wrap" }}>{noteFor?.popupNote}</DialogContentText>
      </ResponsiveDialog>
      <ContactDialog site={contactFor} onClose={() => setContactFor(null)} />
      {user && <FirstTimeWarning userId={user.id} />}
    </>
  );
}

/** Wraps the list and styles its rows once: a keystroke mounts up to 50 rows, and a row of plain elements costs a fraction of a stack of styled components each. */
const SiteRows = styled("div")(({ theme }) => ({
  "& .site-row": { display: "flex", alignItems: "center", borderBottom: `1px solid ${theme.palette.divider}` },
  "& .site-row > a": {
    display: "flex",
    flexDirection: "column",
    justifyContent: "center",
    flex: 1,
    minWidth: 0,
    minHeight: 48,
    padding: theme.spacing(3, 4),
    color: "inherit",
    textDecoration: "none",
    ...pressable(theme),
  },
  "& .site-row-name": { ...theme.typography.body1 },
  "& .site-row-address": { ...theme.typography.body2, color: theme.palette.text.secondary },
  "& .site-row > button": {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flex: "none",
    width: 48,
    height: 48,
    marginRight: theme.spacing(2),
    padding: 0,
    border: 0,
    borderRadius: "50%",
    background: "none",
    color: theme.palette.action.active,
    ...pressable(theme),
    "& svg": { width: 24, height: 24, fill: "currentColor" },
  },
}));

/** A site's row: its name and address line, opening the site (or its popup note first), and its contact dialog. */
const SiteRow = memo(function SiteRow({ site, onOpen, onContact }: { site: Site; onOpen: (event: MouseEvent, site: Site) => void; onContact: (site: Site) => void }) {
  const address = addressLine(site);
  return (
    <li className="site-row">
      <RouterLink to={`/sites/${site.id}`} onClick={(event) => onOpen(event, site)}>
        <span className="site-row-name">{site.name}</span>
        {address && <span className="site-row-address">{address}</span>}
      </RouterLink>
      <button type="button" aria-label={t("contactSite", { name: site.name })} onClick={() => onContact(site)}>
        <PlainPhoneIcon />
      </button>
    </li>
  );
});
