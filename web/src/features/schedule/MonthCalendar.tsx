/**
 * The schedule's day picker: one month of days, each with a dot below its number when it holds events,
 * and buttons to the months before and after within the schedule's range (§2). One day takes
 * the Tab stop; the arrow keys move a day or a week, Home and End to the ends of the week.
 */
import { Box, ButtonBase, IconButton, Paper, Stack, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { t } from "../../lib/strings";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";
import { DAY_FORMAT, inRange, monthWeeks } from "./schedule";

export interface MonthCalendarProps {
  selected: string;
  today: string;
  range: { first: string; last: string };
  counts: ReadonlyMap<string, number>;
  onSelect: (day: string) => void;
}

const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

export function MonthCalendar({ selected, today, range, counts, onSelect }: MonthCalendarProps) {
  const month = selected.slice(0, 7);
  const weeks = monthWeeks(month);
  const grid = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  // A day chosen by the arrow keys takes the focus, even in the next month's grid.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${selected}"]`)?.focus();
  }, [selected]);

  const go = (day: string) => {
    if (inRange(day, range)) onSelect(day);
  };

  function onKeyDown(event: KeyboardEvent) {
    const current = dayjs(selected);
    let next: string | undefined;
    if (event.key in STEPS) next = current.add(STEPS[event.key] ?? 0, "day").format(DAY_FORMAT);
    else if (event.key === "Home") next = current.startOf("week").format(DAY_FORMAT);
    else if (event.key === "End") next = current.endOf("week").format(DAY_FORMAT);
    if (next === undefined) return;
    event.preventDefault();
    if (!inRange(next, range)) return;
    moved.current = true;
    onSelect(next);
  }

  const shift = (months: number) => {
    const target = dayjs(selected).add(months, "month");
    // Same day of the month where it exists (dayjs keeps to the month's last day), within range.
    const day = target.format(DAY_FORMAT);
    go(day < range.first ? range.first : day > range.last ? range.last : day);
  };
  const label = dayjs(`${month}-01`).format("MMMM YYYY");
  const weekdays = Array.from({ length: 7 }, (_, i) => dayjs().day(i).format("dd"));

  return (
    <Paper component="section" aria-label={t("schedule")} sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 3 }}>
        <IconButton aria-label={t("schedulePreviousMonth")} onClick={() => shift(-1)} disabled={month <= range.first.slice(0, 7)}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="h6" component="h2" aria-live="polite">
          {label}
        </Typography>
        <IconButton aria-label={t("scheduleNextMonth")} onClick={() => shift(1)} disabled={month >= range.last.slice(0, 7)}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Box sx={{ display: "grid", gridTemplateColumns: "repeat(7, minmax(0, 1fr))", gap: 1 }} aria-hidden>
        {weekdays.map((name, i) => (
          <Typography key={i} variant="caption" color="text.secondary" sx={{ textAlign: "center" }}>
            {name}
          </Typography>
        ))}
      </Box>
      <Box
        ref={grid}
        role="group"
        aria-label={t("scheduleDays", { month: label })}
        onKeyDown={onKeyDown}
        sx={{ display: "grid", gridTemplateColumns: "repeat(7, minmax(0, 1fr))", gap: 1 }}
      >
        {weeks.flat().map((day, i) => {
          if (!day) return <span key={`blank-${i}`} />;
          const count = counts.get(day) ?? 0;
          const isSelected = day === selected;
          const usable = inRange(day, range);
          return (
            <ButtonBase
              key={day}
              data-day={day}
              tabIndex={isSelected ? 0 : -1}
              disabled={!usable}
              aria-pressed={isSelected}
              aria-current={day === today ? "date" : undefined}
              aria-label={t("scheduleDayLabel", { date: dayjs(day).format("dddd, MMMM D YYYY"), count })}
              onClick={() => go(day)}
              sx={{
                height: 44,
                borderRadius: 1,
                fontSize: "0.95rem",
                fontWeight: day === today ? 700 : 400,
                color: isSelected ? "primary.contrastText" : usable ? "text.primary" : "text.disabled",
                bgcolor: isSelected ? "primary.main" : "transparent",
                border: day === today && !isSelected ? 1 : 0,
                borderColor: "primary.main",
                "&:hover": { bgcolor: isSelected ? "primary.dark" : "action.hover" },
                "&.Mui-focusVisible": { outline: 2, outlineColor: "primary.dark", outlineStyle: "solid", outlineOffset: 1 },
              }}
            >
              {/* The mark sits below the number, in a slot every day keeps, so it never covers the date. */}
              <Box component="span" sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: "3px", lineHeight: 1.2 }}>
                <span data-date-number>{dayjs(day).date()}</span>
                <Box
                  component="span"
                  data-event-mark={count > 0 ? "" : undefined}
                  aria-hidden
                  sx={{ width: 6, height: 6, borderRadius: "50%", bgcolor: count === 0 ? "transparent" : isSelected ? "primary.contrastText" : "secondary.main" }}
                />
              </Box>
            </ButtonBase>
          );
        })}
      </Box>
    </Paper>
  );
}
