/**
 * The schedule (§2 Schedule, §6): a day calendar from the start of the current month to the
 * end of the month six months ahead; the selected day's events shaped by the organisation's
 * work day, or its week, either also by technician; and — with SCHEDULE_WRITE — the Sites Due
 * pane (dragged onto a day), the Add Sites pane and each event's dialog. Events are synced
 * records of kind "schedule", read and written on the device, so all of it works offline. The
 * selected day, the view and the grouping live in the address (?day=YYYY-MM-DD&view=week&by=technician).
 */
import { Alert, Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useOrganization } from "../../offline/useOrganization";
import { t } from "../../lib/strings";
import { useDevice } from "../../ui/theme";
import { useToday } from "../../ui/useNow";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { newId } from "../../domain/ids";
import type { Site } from "../../domain/records";
import type { SyncRecord } from "../../domain/syncRecord";
import { useLoadedRecords, useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { AddSitesPane } from "./AddSitesPane";
import { DayView } from "./DayView";
import { DueSitesPane } from "./DueSitesPane";
import { EventDialog } from "./EventDialog";
import { MonthCalendar } from "./MonthCalendar";
import { TechnicianView } from "./TechnicianView";
import { WeekView } from "./WeekView";
import {
  type EventDraft,
  type ScheduleView,
  type ScheduledEvent,
  eventCounts,
  eventsByDay,
  eventsOn,
  inRange,
  isScheduleView,
  newEvent,
  periodOf,
  scheduleRange,
  usersByName,
  workDay,
} from "./schedule";
import { useSiteDrop } from "./siteDrag";
import { useDueSites } from "./useDueSites";
import { track } from "../../offline/analytics/track";

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

  const today = useToday();
  const range = useMemo(() => scheduleRange(dayjs(today).toDate()), [today]);
  const asked = params.get("day") ?? "";
  const selected = inRange(asked, range) ? asked : today;
  const askedView = params.get("view");
  const view: ScheduleView = isScheduleView(askedView) ? askedView : "day";
  const byTechnician = params.get("by") === "technician";
  const show = (next: { day?: string; view?: ScheduleView; byTechnician?: boolean }) => {
    const shown = { day: next.day ?? selected, view: next.view ?? view, byTechnician: next.byTechnician ?? byTechnician };
    setParams({ day: shown.day, ...(shown.view === "week" ? { view: "week" } : {}), ...(shown.byTechnician ? { by: "technician" } : {}) }, { replace: true });
  };
  const select = (day: string) => show({ day });
  const period = useMemo(() => periodOf(view, selected), [view, selected]);

  const siteNames = useMemo(() => new Map(sites.map((site) => [site.id, site.name])), [sites]);
  const ordered = useMemo(() => usersByName(loadedUsers ?? []), [loadedUsers]);
  const userNames = useMemo(() => new Map(ordered.map((u) => [u.id, u.name ?? ""])), [ordered]);
  const siteName = (id: string) => siteNames.get(id) ?? t("scheduleUnknownSite");
  const userName = (id: string) => userNames.get(id) || t("scheduleUnknownUser");
  const counts = useMemo(() => eventCounts(events), [events]);
  const dayEvents = useMemo(() => eventsOn(events, selected, (id) => siteNames.get(id) ?? ""), [events, selected, siteNames]);
  const weekEvents = useMemo(() => eventsByDay(events, period.days, (id) => siteNames.get(id) ?? ""), [events, period.days, siteNames]);
  const periodEvents = useMemo(() => [...weekEvents.values()].flat(), [weekEvents]);
  const work = workDay(org);
  const writable = can(user, "SCHEDULE_WRITE");
  const firstUser = ordered[0];
  const date = (day: string) => dayjs(day).format("MMMM D YYYY");
  const due = useDueSites(user?.orgId ?? "", events, period, writable);
  const dayDrop = useSiteDrop(writable && firstUser ? (siteId) => void dropSite(siteId, selected) : undefined);

  if (!can(user, "SCHEDULE_READ")) return <Alert severity="info">{t("scheduleNeedsPermission")}</Alert>;

  /** Puts `site` on `day` at §9's times, for `userId` (the first user unless a technician's row says otherwise). */
  async function add(site: Pick<Site, "id" | "name">, day = selected, userId = firstUser?.id) {
    if (!userId || !user) return;
    await engine.put("schedule", { ...newEvent(newId(), site.id, day, userId), orgId: user.orgId });
    track("SCHEDULE", "add_visit");
    snackbar.show(t("scheduleAdded", { site: site.name, date: date(day) }));
  }

  async function dropSite(siteId: string, day: string, userId?: string) {
    if (!inRange(day, range)) return;
    await add({ id: siteId, name: siteName(siteId) }, day, userId);
  }

  async function save(event: ScheduledEvent, draft: EventDraft) {
    setEditing(null);
    await engine.put("schedule", { ...event, ...draft });
    track("SCHEDULE", "change_visit");
    snackbar.show(t("scheduleSaved", { site: siteName(event.locationId), date: date(draft.date) }));
  }

  async function remove(event: ScheduledEvent) {
    setEditing(null);
    await engine.remove("schedule", event);
    track("SCHEDULE", "delete_visit");
    snackbar.show(t("scheduleDeleted", { site: siteName(event.locationId), date: date(event.date) }));
  }

  const calendar = <MonthCalendar selected={selected} today={today} range={range} counts={counts} onSelect={select} />;
  const views = (
    <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label={t("scheduleView")}
        value={view}
        onChange={(_, next: ScheduleView | null) => next && show({ view: next })}
      >
        <ToggleButton value="day">{t("scheduleDayView")}</ToggleButton>
        <ToggleButton value="week">{t("scheduleWeekView")}</ToggleButton>
      </ToggleButtonGroup>
      <ToggleButton size="small" color="primary" value="technician" selected={byTechnician} onChange={() => show({ byTechnician: !byTechnician })}>
        {t("scheduleByTechnician")}
      </ToggleButton>
    </Stack>
  );
  const onEdit = writable ? setEditing : undefined;
  const shown = byTechnician ? (
    <TechnicianView
      days={period.days}
      events={periodEvents}
      users={ordered}
      range={range}
      siteName={siteName}
      onEdit={onEdit}
      onDropSite={writable ? (siteId, day, userId) => void dropSite(siteId, day, userId) : undefined}
    />
  ) : view === "week" ? (
    <WeekView
      days={period.days}
      selected={selected}
      eventsByDay={weekEvents}
      today={today}
      range={range}
      siteName={siteName}
      userName={userName}
      onEdit={onEdit}
      onSelect={select}
      onOpenDay={(day) => show({ day, view: "day" })}
      onDropSite={writable && firstUser ? (siteId, day) => void dropSite(siteId, day) : undefined}
    />
  ) : (
    <Box {...dayDrop.props} sx={{ borderRadius: 1, outline: dayDrop.over ? 2 : 0, outlineStyle: "dashed", outlineColor: "primary.main" }}>
      <DayView day={selected} events={dayEvents} work={work} siteName={siteName} userName={userName} onEdit={onEdit} />
    </Box>
  );
  const main = (
    <Stack spacing={3}>
      {views}
      {shown}
    </Stack>
  );
  const blocked = firstUser || !loadedUsers ? undefined : t("scheduleNoUsers");
  const userOptions = ordered.map((u) => ({ value: u.id, label: u.name || u.id }));
  const dueSites = writable && (
    <DueSitesPane
      sites={due}
      period={period}
      days={period.days.filter((day) => inRange(day, range))}
      day={selected}
      users={userOptions}
      blocked={blocked}
      onSchedule={(site, day, userId) => void add(site, day, userId)}
    />
  );
  const addSites = writable && <AddSitesPane day={selected} sites={sites} blocked={blocked} onAdd={(site) => void add(site)} />;

  return (
    <Stack spacing={4}>
      <Typography variant="h5" component="h1">
        {t("schedule")}
      </Typography>
      {desktop ? (
        <Box
          // The week's seven columns take more of the width than the day.
          sx={{ display: "grid", gridTemplateColumns: view === "day" && !byTechnician ? "minmax(0, 2fr) minmax(0, 3fr)" : "minmax(0, 1fr) minmax(0, 2fr)", gap: 5, alignItems: "start" }}
        >
          <Stack spacing={5}>
            {calendar}
            {dueSites}
            {addSites}
          </Stack>
          {main}
        </Box>
      ) : (
        <Stack spacing={4}>
          {calendar}
          {main}
          {dueSites}
          {addSites}
        </Stack>
      )}
      {editing && (
        <EventDialog
          key={editing.id}
          event={editing}
          siteName={siteName(editing.locationId)}
          users={userOptions}
          range={range}
          onClose={() => setEditing(null)}
          onSave={(draft) => void save(editing, draft)}
          onDelete={() => void remove(editing)}
        />
      )}
    </Stack>
  );
}
