/**
 * The schedule (§2 Schedule, §6): a day calendar from the start of the current month to the
 * end of the month six months ahead, the selected day's events shaped by the organisation's
 * work day, and — with SCHEDULE_WRITE — the Add Sites pane and each event's dialog. Events are
 * synced records of kind "schedule", read and written on the device, so all of it works
 * offline. The selected day lives in the address (?day=YYYY-MM-DD).
 */
import { Alert, Box, Stack, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useOrganization } from "../../offline/useOrganization";
import { t } from "../../lib/strings";
import { useDevice } from "../../ui/theme";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { newId } from "../../domain/ids";
import type { Site } from "../../domain/records";
import type { SyncRecord } from "../../offline/records";
import { useLoadedRecords, useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { AddSitesPane } from "./AddSitesPane";
import { DayView } from "./DayView";
import { EventDialog } from "./EventDialog";
import { MonthCalendar } from "./MonthCalendar";
import {
  DAY_FORMAT,
  type EventDraft,
  type ScheduledEvent,
  eventCounts,
  eventsOn,
  inRange,
  newEvent,
  scheduleRange,
  usersByName,
  workDay,
} from "./schedule";

interface UserRecord extends SyncRecord {
  name?: string;
}

export function SchedulePage() {
  const { user } = useAuth();
  const org = useOrganization();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const desktop = useDevice() === "desktop";
  const events = useRecords<ScheduledEvent>("schedule");
  const sites = useRecords<Site>("locations");
  const loadedUsers = useLoadedRecords<UserRecord>("users");
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<ScheduledEvent | null>(null);

  const today = dayjs().format(DAY_FORMAT);
  const range = useMemo(() => scheduleRange(dayjs(today).toDate()), [today]);
  const asked = params.get("day") ?? "";
  const selected = inRange(asked, range) ? asked : today;
  const select = (day: string) => setParams({ day }, { replace: true });

  const siteNames = useMemo(() => new Map(sites.map((site) => [site.id, site.name])), [sites]);
  const ordered = useMemo(() => usersByName(loadedUsers ?? []), [loadedUsers]);
  const userNames = useMemo(() => new Map(ordered.map((u) => [u.id, u.name ?? ""])), [ordered]);
  const siteName = (id: string) => siteNames.get(id) ?? t("scheduleUnknownSite");
  const userName = (id: string) => userNames.get(id) || t("scheduleUnknownUser");
  const counts = useMemo(() => eventCounts(events), [events]);
  const dayEvents = useMemo(() => eventsOn(events, selected, (id) => siteNames.get(id) ?? ""), [events, selected, siteNames]);
  const work = workDay(org);
  const writable = can(user, "SCHEDULE_WRITE");
  const firstUser = ordered[0];
  const date = (day: string) => dayjs(day).format("MMMM D YYYY");

  if (!can(user, "SCHEDULE_READ")) return <Alert severity="info">{t("scheduleNeedsPermission")}</Alert>;

  async function add(site: Site) {
    if (!firstUser || !user) return;
    await engine.put("schedule", { ...newEvent(newId(), site.id, selected, firstUser.id), orgId: user.orgId });
    snackbar.show(t("scheduleAdded", { site: site.name, date: date(selected) }));
  }

  async function save(event: ScheduledEvent, draft: EventDraft) {
    setEditing(null);
    await engine.put("schedule", { ...event, ...draft });
    snackbar.show(t("scheduleSaved", { site: siteName(event.locationId), date: date(draft.date) }));
  }

  async function remove(event: ScheduledEvent) {
    setEditing(null);
    await engine.remove("schedule", event);
    snackbar.show(t("scheduleDeleted", { site: siteName(event.locationId), date: date(event.date) }));
  }

  const calendar = <MonthCalendar selected={selected} today={today} range={range} counts={counts} onSelect={select} />;
  const day = (
    <DayView day={selected} events={dayEvents} work={work} siteName={siteName} userName={userName} onEdit={writable ? setEditing : undefined} />
  );
  const addSites = writable && (
    <AddSitesPane day={selected} sites={sites} blocked={firstUser || !loadedUsers ? undefined : t("scheduleNoUsers")} onAdd={(site) => void add(site)} />
  );

  return (
    <Stack spacing={4}>
      <Typography variant="h5" component="h1">
        {t("schedule")}
      </Typography>
      {desktop ? (
        <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)", gap: 5, alignItems: "start" }}>
          <Stack spacing={5}>
            {calendar}
            {addSites}
          </Stack>
          {day}
        </Box>
      ) : (
        <Stack spacing={4}>
          {calendar}
          {day}
          {addSites}
        </Stack>
      )}
      {editing && (
        <EventDialog
          key={editing.id}
          event={editing}
          siteName={siteName(editing.locationId)}
          users={ordered.map((u) => ({ value: u.id, label: u.name || u.id }))}
          range={range}
          onClose={() => setEditing(null)}
          onSave={(draft) => void save(editing, draft)}
          onDelete={() => void remove(editing)}
        />
      )}
    </Stack>
  );
}
