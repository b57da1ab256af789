/**
 * The shown day or week by technician: a row for every user of the organisation, by name, with
 * their visits on each day, and one for the visits of no known user (Unassigned). A due site
 * dropped on a technician's day goes to that technician; the Unassigned row takes no drop.
 */
import { Box, Paper, Stack, Typography } from "@mui/material";
import dayjs from "dayjs";
import { t } from "../../lib/strings";
import { DayCell } from "./DayCell";
import { dayColumns } from "./WeekView";
import { type ScheduledEvent, byTechnician, eventsByDay, inRange } from "./schedule";

export interface TechnicianViewProps {
  days: readonly string[];
  events: readonly ScheduledEvent[];
  users: readonly { id: string; name?: string }[];
  range: { first: string; last: string };
  siteName: (id: string) => string;
  onEdit?: (event: ScheduledEvent) => void;
  onDropSite?: (siteId: string, day: string, userId: string) => void;
}

export function TechnicianView({ days, events, users, range, siteName, onEdit, onDropSite }: TechnicianViewProps) {
  const { technicians, unassigned } = byTechnician(events, users);
  const rows = [
    ...technicians.map(({ user, events: own }) => ({ key: user.id, name: user.name || user.id, userId: user.id as string | undefined, events: own })),
    ...(unassigned.length > 0 ? [{ key: "unassigned", name: t("scheduleUnassigned"), userId: undefined, events: unassigned }] : []),
  ];
  return (
    <Stack spacing={3}>
      {rows.map((row) => {
        const byDay = eventsByDay(row.events, days, siteName);
        return (
          <Paper key={row.key} component="section" aria-label={row.name} sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {row.name}
            </Typography>
            <Box sx={{ display: "grid", gridTemplateColumns: dayColumns(days.length), gap: 1 }}>
              {days.map((day) => {
                const userId = row.userId;
                const droppable = onDropSite && userId !== undefined && inRange(day, range);
                return (
                  <DayCell
                    key={day}
                    day={day}
                    events={byDay.get(day) ?? []}
                    siteName={siteName}
                    onEdit={onEdit}
                    onDropSite={droppable ? (siteId) => onDropSite(siteId, day, userId) : undefined}
                    heading={
                      <Typography variant="subtitle2" component="h3">
                        {dayjs(day).format("ddd, MMM D")}
                      </Typography>
                    }
                  />
                );
              })}
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}
