/**
 * One day of the schedule: the hours of the organisation's work day (§9), widened to hold
 * every event of the day, with each event drawn from its start to its end time. Events that
 * overlap sit side by side. With SCHEDULE_WRITE an event opens its dialog to edit or delete.
 */
import { Box, Paper, Typography } from "@mui/material";
import dayjs from "dayjs";
import { t } from "../../lib/strings";
import { VisuallyHidden } from "../../ui/VisuallyHidden";
import { type ScheduledEvent, dayHours, isTime, minutesOf } from "./schedule";
import { VisitBlock } from "./VisitBlock";

/** Rows of 15 minutes, 12 px each: an hour is 48 px. */
const SLOT_MINUTES = 15;

export interface DayViewProps {
  day: string;
  events: readonly ScheduledEvent[];
  work: { start: string; end: string };
  siteName: (id: string) => string;
  userName: (id: string) => string;
  /** Opens an event's dialog; absent when the user may not change the schedule. */
  onEdit?: (event: ScheduledEvent) => void;
}

interface Placed {
  event: ScheduledEvent;
  lane: number;
  from: number;
  to: number;
}

/** Puts each event in the first lane free at its start (events come sorted by start time). */
function place(events: readonly ScheduledEvent[], firstMinute: number): { placed: Placed[]; lanes: number } {
  const laneEnds: number[] = [];
  const placed = events.map((event) => {
    const start = isTime(event.startTime) ? minutesOf(event.startTime) : firstMinute;
    const end = isTime(event.endTime) ? Math.max(minutesOf(event.endTime), start + SLOT_MINUTES) : start + 60;
    const from = Math.floor((start - firstMinute) / SLOT_MINUTES) + 1;
    const to = Math.max(Math.ceil((end - firstMinute) / SLOT_MINUTES) + 1, from + 1);
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= from);
    if (lane === -1) lane = laneEnds.push(to) - 1;
    else laneEnds[lane] = to;
    return { event, lane, from, to };
  });
  return { placed, lanes: Math.max(laneEnds.length, 1) };
}

export function DayView({ day, events, work, siteName, userName, onEdit }: DayViewProps) {
  const hours = dayHours(work, events);
  const firstMinute = (hours[0] ?? 0) * 60;
  const { placed, lanes } = place(events, firstMinute);
  const [workFrom, workTo] = [minutesOf(work.start), minutesOf(work.end)];
  const title = dayjs(day).format("dddd, MMMM D YYYY");

  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t("scheduleWorkDay", { start: work.start, end: work.end })}
      </Typography>
      {events.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t("scheduleNothing")}
        </Typography>
      )}
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: `48px repeat(${lanes}, minmax(0, 1fr))`,
          gridTemplateRows: `repeat(${hours.length * (60 / SLOT_MINUTES)}, 12px)`,
          columnGap: 1,
        }}
      >
        {hours.map((hour, i) => {
          const inWorkDay = hour * 60 + 60 > workFrom && hour * 60 < workTo;
          return (
            <Box
              key={hour}
              sx={{
                gridColumn: "1 / -1",
                gridRow: `${i * (60 / SLOT_MINUTES) + 1} / span ${60 / SLOT_MINUTES}`,
                borderTop: 1,
                borderColor: "divider",
                bgcolor: inWorkDay ? "transparent" : "action.hover",
              }}
            >
              <Typography variant="caption" color="text.secondary" sx={{ pl: 1 }}>
                {String(hour).padStart(2, "0")}:00
              </Typography>
            </Box>
          );
        })}
        {placed.map(({ event, lane, from, to }) => {
          const site = siteName(event.locationId);
          // Named by what it shows, 'Edit' said first (WCAG label in name).
          const times = t("scheduleTimes", { start: event.startTime || "?", end: event.endTime || "?" });
          const content = (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", width: "100%" }}>
                {onEdit && (
                  <>
                    <VisuallyHidden>{t("scheduleEditPrefix")}</VisuallyHidden>{" "}
                  </>
                )}
                {site}
                <VisuallyHidden>,</VisuallyHidden>{" "}
              </Typography>
              <Typography variant="caption" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", width: "100%" }}>
                {times} · {userName(event.userId)}
              </Typography>
            </>
          );
          return (
            <VisitBlock
              key={event.id}
              event={event}
              onEdit={onEdit}
              label={`${site}, ${times}, ${userName(event.userId)}`}
              sx={{ gridColumn: `${lane + 2}`, gridRow: `${from} / ${to}`, zIndex: 1, justifyContent: "flex-start", overflow: "hidden", px: 2 }}
            >
              {content}
            </VisitBlock>
          );
        })}
      </Box>
    </Paper>
  );
}
