/**
 * A site's equipment list (§2 Equipment list): tabs All, Inspection Due and Service Due with
 * the due engine's counts, search over the §2 fields, rows by name 50 at a time, the time
 * zone and 'Up to date as of' banners, Scan Barcode (mobile), Add Equipment, find by serial
 * number. A row tells when the item is due and its markers; tapping it on a phone or tablet opens
 * the item's tag with its services to perform (no scan needed: a barcode may be unreadable), on
 * a desktop the options dialog. Needs EQUIPMENT_READ (§6). `?show=overdue|dueThisMonth|
 * openDeficiency|couldNotService` shows only the items the dashboard counts under that number.
 *
 * Rows and their searched text are built once per change of the items; due states once per
 * change of the site's records and once a minute, after the rows have painted, so a site with
 * thousands of items opens at once and a keystroke only filters strings.
 */
import { Alert, Box, Button, CircularProgress, IconButton, Paper, Stack, Tooltip, Typography } from "@mui/material";
import { useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { type StringKey, t } from "../../../lib/strings";
import { useDevice } from "../../../ui/theme";
import { deviceTimeZone, formatDate } from "../../../domain/dates";
import { dueLists } from "../../../domain/due";
import { SiteCalendar } from "../../../domain/dueDates";
import { type DueMark, dueMarksOf, isDueMark } from "../../../domain/dueMarks";
import type { Equipment, Site } from "../../../domain/records";
import { useSyncStatus } from "../../../offline/SyncProvider";
import { useCatalogue, useSiteRecords } from "../../../offline/useSiteRecords";
import { ListSkeleton } from "../../../ui/ListSkeleton";
import { PagedList } from "../../../ui/PagedList";
import { TabbedPane } from "../../../ui/TabbedPane";
import { useNow } from "../../../ui/useNow";
import { useEquipmentAbilities } from "../actions/abilities";
import { EquipmentOptionsDialog } from "../actions/EquipmentOptionsDialog";
import { OPENED_FROM_LIST, tagPath } from "../barcodes/paths";
import { ScanBarcodeButton } from "../barcodes/ScanBarcodeButton";
import { EquipmentRowItem, EquipmentRows } from "./EquipmentRowItem";
import { FindBySerialDialog } from "./FindBySerialDialog";
import { AddIcon, FindIcon } from "./icons";
import { DueCache, type EquipmentRow, dueListsOf, rowsOf, searchRows, whenOf } from "./rows";

type TabValue = "all" | "inspection" | "service";

const MARK_NAMES: Record<DueMark, StringKey> = {
  overdue: "equipmentMarkOverdue",
  dueThisMonth: "equipmentMarkDueThisMonth",
  openDeficiency: "equipmentMarkOpenDeficiency",
  couldNotService: "equipmentMarkCouldNotService",
};

const EMPTY = { all: "equipmentNone", inspection: "equipmentNothingToInspect", service: "equipmentNothingToService" } as const;

/** The performance measure of each working out of the due lists and their counts. */
export const DUE_COUNTS_MEASURE = "fieldtag:due-counts";

/** Due dates move as time passes: the list looks again every minute, not on every render. */
export const DUE_REFRESH_MS = 60_000;

export function EquipmentList({ locationId }: { locationId: string }) {
  const may = useEquipmentAbilities();
  if (!may.read) {
    return (
      <Paper sx={{ p: 4 }}>
        <Typography>{t("equipmentReadNeeded")}</Typography>
      </Paper>
    );
  }
  return <SiteEquipment locationId={locationId} />;
}

function SiteEquipment({ locationId }: { locationId: string }) {
  const may = useEquipmentAbilities();
  const navigate = useNavigate();
  const read = useSiteRecords(locationId);
  const site = read?.records;
  const catalogue = useCatalogue();
  const syncing = useSyncStatus((status) => status.state === "syncing");
  const lastDownload = useSyncStatus((status) => status.lastSuccessfulDownloadDate);
  const device = useDevice();
  const now = useNow(DUE_REFRESH_MS);
  const [tab, setTab] = useState<TabValue>("all");
  const [query, setQuery] = useState("");
  const [finding, setFinding] = useState(false);
  const [opened, setOpened] = useState<{ id: string; site?: Site; equipment?: Equipment } | null>(null);
  const [params, setParams] = useSearchParams();
  const asked = params.get("show");
  const mark = isDueMark(asked) ? asked : null;

  const equipment = site?.equipment;
  const timeZone = site?.site.timeZone;
  const rows = useMemo(() => rowsOf(equipment ?? [], catalogue, timeZone), [equipment, catalogue, timeZone]);

  // Evaluating every item runs behind the paint of the rows (the last counts stay meanwhile):
  // at first, each minute, and when the site or catalogue changes. A change to a few items
  // (a service performed here or in another tab) is counted in the same render. Not before the
  // due engine's records are read: without them every item would look never serviced.
  const dueRecordsRead = read?.dueRecordsRead === true;
  const dueInput = useMemo(
    () => (site && dueRecordsRead ? { rows, site, catalogue, now } : null),
    [rows, site, dueRecordsRead, catalogue, now],
  );
  const later = useDeferredValue(dueInput, null);
  const dueCache = useRef(new DueCache());
  const deferred = dueInput && dueCache.current.keeps(dueInput.site, dueInput.catalogue, dueInput.now) ? dueInput : later;
  const due = useMemo(() => {
    if (!deferred) return null;
    const started = performance.now();
    const states = dueCache.current.statesOf(deferred.rows, deferred.site, deferred.catalogue, deferred.now);
    const lists = dueListsOf(deferred.rows, states, deferred.now);
    // In the performance timeline for the benchmark (bench/web/equipment.mjs).
    performance.measure(DUE_COUNTS_MEASURE, { start: started, detail: { items: deferred.rows.length } });
    return { states, lists, now: deferred.now, calendar: SiteCalendar.of(deferred.site.site.timeZone, deferred.now) };
  }, [deferred]);

  const tabRows = tab === "all" ? rows : (due?.lists[tab] ?? null);
  // ?show= narrows the list to the items the dashboard counted under that number.
  const source = useMemo(() => {
    if (!mark) return tabRows;
    if (!due || !tabRows) return null;
    const { calendar } = due;
    if (!calendar) return [];
    return tabRows.filter((row) => {
      const state = due.states.get(row.equipment.id);
      return state?.ok === true && dueMarksOf(state.result, calendar, due.now)[mark];
    });
  }, [mark, due, tabRows]);
  const showAll = () =>
    setParams(
      (current) => {
        current.delete("show");
        return current;
      },
      { replace: true },
    );
  const shown = useMemo(() => (source ? searchRows(source, query) : []), [source, query]);

  const openedSite = opened?.site ?? site?.site;
  const openedItem = opened && (opened.equipment ?? equipment?.find((e) => e.id === opened.id));
  const siteZone = site?.site.timeZone;

  // A phone or tablet does the work: the tag, with Perform (and Options). A desktop gets the options.
  const openRow = useCallback(
    (id: string) => (device === "desktop" ? setOpened({ id }) : navigate(tagPath(locationId, id), { state: OPENED_FROM_LIST })),
    [device, navigate, locationId],
  );
  const renderRow = (row: EquipmentRow) => {
    const state = due?.states.get(row.equipment.id);
    const lists = state?.ok && due ? dueLists(state.result, due.now) : undefined;
    const when = whenOf(state, due?.calendar);
    return (
      <EquipmentRowItem
        row={row}
        state={state}
        inspectionDue={lists?.inspection ?? false}
        serviceDue={lists?.service ?? false}
        couldNotService={lists?.couldNotService ?? false}
        when={when?.text}
        overdue={when?.overdue ?? false}
        onOpen={openRow}
      />
    );
  };
  const leftOff = tab === "all" ? 0 : (due?.lists.leftOff[tab] ?? 0);

  return (
    <>
      <TabbedPane
        title={t("equipmentTitle")}
        tabs={[
          { value: "all", label: t("all") },
          { value: "inspection", label: t("equipmentInspectionDue"), badge: due?.lists.inspection.length },
          { value: "service", label: t("equipmentServiceDue"), badge: due?.lists.service.length },
        ]}
        selectedTab={tab}
        onTabChange={(value) => setTab(value as TabValue)}
        search={{ value: query, onChange: setQuery }}
        syncing={syncing}
        actions={
          <>
            <Tooltip title={t("equipmentFindBySerial")}>
              <IconButton aria-label={t("equipmentFindBySerial")} onClick={() => setFinding(true)}>
                <FindIcon />
              </IconButton>
            </Tooltip>
            {may.add &&
              (device === "mobile" ? (
                <IconButton aria-label={t("equipmentAdd")} onClick={() => navigate(`/sites/${locationId}/equipment/new`)}>
                  <AddIcon />
                </IconButton>
              ) : (
                <Button variant="outlined" startIcon={<AddIcon />} onClick={() => navigate(`/sites/${locationId}/equipment/new`)}>
                  {t("equipmentAdd")}
                </Button>
              ))}
          </>
        }
      >
        <Stack spacing={2} sx={{ px: 4, pb: 2 }}>
          {device === "mobile" && <ScanBarcodeButton locationId={locationId} />}
          {mark && (
            <Alert
              severity="info"
              action={
                <Button color="inherit" size="small" onClick={showAll}>
                  {t("equipmentShowAll")}
                </Button>
              }
            >
              {t("equipmentShowing", { filter: t(MARK_NAMES[mark]) })}
            </Alert>
          )}
          {device === "desktop" && siteZone && siteZone !== deviceTimeZone() && (
            <Alert severity="info">{t("equipmentDatesIn", { timeZone: siteZone })}</Alert>
          )}
          <Typography variant="caption" color="text.secondary">
            {t("equipmentUpToDate", { date: lastDownload ? formatDate(lastDownload, siteZone) : t("never") })}
          </Typography>
        </Stack>
        {!site || !source ? (
          <Box sx={{ display: "flex", justifyContent: "center", p: 5 }}>
            <CircularProgress aria-label={t("loading")} />
          </Box>
        ) : (
          <EquipmentRows>
            {leftOff > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ px: 4, pb: 2 }}>
                {leftOff === 1 ? t("equipmentLeftOffOne") : t("equipmentLeftOff", { count: leftOff })}
              </Typography>
            )}
            <PagedList
              items={shown}
              itemKey={(row) => row.equipment.id}
              renderItem={renderRow}
              empty={
                // Before the first download the site's items may simply not have come yet.
                source.length === 0 && lastDownload === undefined ? (
                  <ListSkeleton />
                ) : (
                  <Typography sx={{ p: 4 }} color="text.secondary">
                    {source.length > 0 ? t("equipmentNoMatch") : t(EMPTY[tab])}
                  </Typography>
                )
              }
            />
          </EquipmentRows>
        )}
      </TabbedPane>
      <FindBySerialDialog
        open={finding}
        locationId={locationId}
        onClose={() => setFinding(false)}
        onFound={(item, itemSite) => setOpened({ id: item.id, equipment: item, site: itemSite })}
      />
      {openedItem && openedSite && <EquipmentOptionsDialog open equipment={openedItem} site={openedSite} onClose={() => setOpened(null)} />}
    </>
  );
}
