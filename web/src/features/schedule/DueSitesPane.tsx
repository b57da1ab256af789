/**
 * The Sites Due pane (SCHEDULE_WRITE): the sites with work due in the shown days and no visit in
 * them yet (dueSites.ts). Each entry can be dragged onto a day, or — by keyboard — Schedule asks
 * for the day and the user. Once it has a visit in the shown days a site leaves the pane.
 */
import { Button, ListItem, ListItemText, Paper, Stack, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useState } from "react";
import type { Site } from "../../domain/records";
import { t } from "../../lib/strings";
import { SelectInput, type SelectOption } from "../../ui/forms/SelectInput";
import { ListSkeleton } from "../../ui/ListSkeleton";
import { PagedList } from "../../ui/PagedList";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { siteDragProps } from "./siteDrag";

export interface DueSitesPaneProps {
  /** Undefined while the records are read. */
  sites: readonly Site[] | undefined;
  period: { first: string; last: string };
  /** The shown days a visit can be put on (inside the schedule's range). */
  days: readonly string[];
  /** The day Schedule offers first. */
  day: string;
  users: readonly SelectOption[];
  /** Why nothing can be scheduled (no user), shown instead of the Schedule buttons. */
  blocked?: string;
  onSchedule: (site: Site, day: string, userId: string) => void;
}

const date = (day: string) => dayjs(day).format("MMMM D YYYY");

export function DueSitesPane({ sites, period, days, day, users, blocked, onSchedule }: DueSitesPaneProps) {
  const [asking, setAsking] = useState<Site | null>(null);
  return (
    <Paper component="section" aria-labelledby="due-sites-title" sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography id="due-sites-title" variant="h6" component="h2">
        {t("scheduleDueSites")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("scheduleDueSitesHint", { first: date(period.first), last: date(period.last) })}
      </Typography>
      {blocked && <Typography color="text.secondary">{blocked}</Typography>}
      {sites === undefined ? (
        <ListSkeleton />
      ) : (
        <PagedList
          items={sites}
          itemKey={(site) => site.id}
          renderItem={(site) => (
            <ListItem
              divider
              {...(blocked || days.length === 0 ? {} : siteDragProps(site.id))}
              secondaryAction={
                <Button variant="outlined" size="small" disabled={!!blocked || days.length === 0} aria-label={t("scheduleSiteDue", { site: site.name })} onClick={() => setAsking(site)}>
                  {t("schedule")}
                </Button>
              }
              sx={{ pr: 12, cursor: blocked ? undefined : "grab" }}
            >
              <ListItemText primary={site.name} secondary={[site.address, site.city].filter(Boolean).join(", ") || undefined} />
            </ListItem>
          )}
          empty={<Typography color="text.secondary">{t("scheduleNoDueSites")}</Typography>}
        />
      )}
      {asking && (
        <ScheduleDialog
          site={asking}
          days={days}
          day={days.includes(day) ? day : (days[0] ?? day)}
          users={users}
          onClose={() => setAsking(null)}
          onSchedule={(chosenDay, userId) => {
            setAsking(null);
            onSchedule(asking, chosenDay, userId);
          }}
        />
      )}
    </Paper>
  );
}

interface ScheduleDialogProps {
  site: Site;
  days: readonly string[];
  day: string;
  users: readonly SelectOption[];
  onClose: () => void;
  onSchedule: (day: string, userId: string) => void;
}

/** Asks which of the shown days, and which user (the first by name to start with, §9). */
function ScheduleDialog({ site, days, day, users, onClose, onSchedule }: ScheduleDialogProps) {
  const [chosen, setChosen] = useState({ day, userId: users[0]?.value ?? "" });
  const title = t("scheduleSiteDue", { site: site.name });
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button variant="contained" disabled={!chosen.day || !chosen.userId} onClick={() => onSchedule(chosen.day, chosen.userId)}>
            {t("schedule")}
          </Button>
        </>
      }
    >
      <Stack component="form" aria-label={title} spacing={4} sx={{ pt: 2 }} onSubmit={(submit) => submit.preventDefault()}>
        <SelectInput
          label={t("scheduleDate")}
          value={chosen.day}
          onChange={(value) => setChosen((current) => ({ ...current, day: value }))}
          options={days.map((d) => ({ value: d, label: dayjs(d).format("dddd, MMMM D YYYY") }))}
          required
        />
        <SelectInput label={t("scheduleUser")} value={chosen.userId} onChange={(value) => setChosen((current) => ({ ...current, userId: value }))} options={users} required />
      </Stack>
    </ResponsiveDialog>
  );
}
