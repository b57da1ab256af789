/**
 * One day of the week and technician views: its visits (site, start to end, and the technician
 * unless the row already names them), each opening its dialog with SCHEDULE_WRITE, and — when
 * given `onDropSite` — a target a due site can be dropped on.
 */
import { Box, Stack, Typography } from "@mui/material";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import { t } from "../../lib/strings";
import { VisuallyHidden } from "../../ui/VisuallyHidden";
import type { ScheduledEvent } from "./schedule";
import { useSiteDrop } from "./siteDrag";
import { VisitBlock } from "./VisitBlock";

export interface DayCellProps {
  day: string;
  events: readonly ScheduledEvent[];
  /** The day's heading: its name, or a button that opens it. */
  heading: ReactNode;
  siteName: (id: string) => string;
  /** Names each visit's technician; absent where the row names them. */
  userName?: (id: string) => string;
  onEdit?: (event: ScheduledEvent) => void;
  onDropSite?: (siteId: string) => void;
}

const line = { overflowWrap: "break-word", hyphens: "auto", width: "100%" } as const;

export function DayCell({ day, events, heading, siteName, userName, onEdit, onDropSite }: DayCellProps) {
  const drop = useSiteDrop(onDropSite);
  const date = dayjs(day).format("dddd, MMMM D YYYY");
  return (
    <Box
      component="section"
      aria-label={t("scheduleDayLabel", { date, count: events.length })}
      data-drop-day={onDropSite ? day : undefined}
      {...drop.props}
      sx={{
        minWidth: 0,
        minHeight: { xs: 0, md: 96 },
        p: 2,
        borderRadius: 1,
        border: 1,
        borderColor: drop.over ? "primary.main" : "divider",
        borderStyle: drop.over ? "dashed" : "solid",
        bgcolor: drop.over ? "action.selected" : "transparent",
      }}
    >
      {heading}
      <Stack spacing={1} sx={{ mt: 1 }}>
        {events.length === 0 && (
          <Typography variant="caption" color="text.secondary">
            {t("scheduleNothingShort")}
          </Typography>
        )}
        {events.map((event) => {
          const site = siteName(event.locationId);
          const times = t("scheduleTimes", { start: event.startTime || "?", end: event.endTime || "?" });
          const user = userName?.(event.userId);
          const content = (
            <>
              <Typography variant="body2" sx={{ ...line, fontWeight: 600, fontSize: "0.8125rem" }}>
                {onEdit && (
                  <>
                    <VisuallyHidden>{t("scheduleEditPrefix")}</VisuallyHidden>{" "}
                  </>
                )}
                {site}
                <VisuallyHidden>,</VisuallyHidden>{" "}
              </Typography>
              <Typography variant="caption" component="div" sx={line}>
                {times}
                {user !== undefined && (
                  <>
                    <VisuallyHidden>,</VisuallyHidden>{" "}
                  </>
                )}
              </Typography>
              {user !== undefined && (
                <Typography variant="caption" component="div" sx={line}>
                  {user}
                </Typography>
              )}
            </>
          );
          return (
            <VisitBlock key={event.id} event={event} onEdit={onEdit} label={user === undefined ? `${site}, ${times}` : t("scheduleVisitLabel", { site, times, user })} sx={{ px: 1 }}>
              {content}
            </VisitBlock>
          );
        })}
      </Stack>
    </Box>
  );
}
