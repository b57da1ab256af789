/**
 * The week of the chosen day, Sunday to Saturday: each day's visits, a day's heading opening
 * it in the day view, and buttons to the weeks before and after within the schedule's range.
 * Seven columns on a wide screen, a list of days on a phone. Days outside the range take no drop.
 */
import { Box, Button, IconButton, Paper, Stack, Typography } from "@mui/material";
import dayjs from "dayjs";
import { t } from "../../lib/strings";
import { DayCell } from "./DayCell";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";
import { DAY_FORMAT, type ScheduledEvent, inRange } from "./schedule";

export interface WeekViewProps {
  days: readonly string[];
  selected: string;
  eventsByDay: ReadonlyMap<string, ScheduledEvent[]>;
  today: string;
  range: { first: string; last: string };
  siteName: (id: string) => string;
  userName: (id: string) => string;
  onEdit?: (event: ScheduledEvent) => void;
  /** Moves to another day (the week before or after, keeping the weekday). */
  onSelect: (day: string) => void;
  /** Opens a day in the day view. */
  onOpenDay: (day: string) => void;
  onDropSite?: (siteId: string, day: string) => void;
}

/** Days of the period as columns: one on a phone, all side by side from `md`. */
export const dayColumns = (count: number) => ({ xs: "minmax(0, 1fr)", md: `repeat(${count}, minmax(0, 1fr))` });

export function WeekView({ days, selected, eventsByDay, today, range, siteName, userName, onEdit, onSelect, onOpenDay, onDropSite }: WeekViewProps) {
  const first = days[0] ?? today;
  const last = days[days.length - 1] ?? today;
  const shift = (weeks: number) => {
    const target = dayjs(selected).add(weeks, "week").format(DAY_FORMAT);
    onSelect(target < range.first ? range.first : target > range.last ? range.last : target);
  };
  const title = t("scheduleWeekTitle", { date: dayjs(first).format("MMMM D YYYY") });
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 3 }}>
        <IconButton aria-label={t("schedulePreviousWeek")} onClick={() => shift(-1)} disabled={first <= range.first}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <IconButton aria-label={t("scheduleNextWeek")} onClick={() => shift(1)} disabled={last >= range.last}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Box sx={{ display: "grid", gridTemplateColumns: dayColumns(days.length), gap: 1 }}>
        {days.map((day) => {
          const usable = inRange(day, range);
          return (
            <DayCell
              key={day}
              day={day}
              events={eventsByDay.get(day) ?? []}
              siteName={siteName}
              userName={userName}
              onEdit={onEdit}
              onDropSite={usable && onDropSite ? (siteId) => onDropSite(siteId, day) : undefined}
              heading={
                <Button
                  size="small"
                  disabled={!usable}
                  onClick={() => onOpenDay(day)}
                  sx={{ px: 1, minWidth: 0, textTransform: "none", fontWeight: day === today ? 700 : 500, justifyContent: "flex-start" }}
                  aria-current={day === today ? "date" : undefined}
                >
                  {dayjs(day).format("ddd, MMM D")}
                </Button>
              }
            />
          );
        })}
      </Box>
    </Paper>
  );
}
