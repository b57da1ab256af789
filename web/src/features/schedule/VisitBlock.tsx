/**
 * A visit drawn on a day (the day, week and technician views): a button that opens its dialog
 * with SCHEDULE_WRITE, else a group named by what it shows.
 */
import { Box, ButtonBase, type SxProps, type Theme } from "@mui/material";
import type { ReactNode } from "react";
import type { ScheduledEvent } from "./schedule";

export interface VisitBlockProps {
  event: ScheduledEvent;
  onEdit?: (event: ScheduledEvent) => void;
  /** The group's name when the visit cannot be opened. */
  label: string;
  /** Where the block sits and its padding, beside the look every visit shares. */
  sx?: SxProps<Theme>;
  children: ReactNode;
}

const look = {
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  textAlign: "left",
  py: 1,
  borderRadius: 1,
  bgcolor: "primary.main",
  color: "primary.contrastText",
  borderLeft: 4,
  borderColor: "primary.dark",
} as const;

export function VisitBlock({ event, onEdit, label, sx, children }: VisitBlockProps) {
  const placed = [look, ...(Array.isArray(sx) ? sx : [sx])];
  return onEdit ? (
    <ButtonBase
      onClick={() => onEdit(event)}
      sx={[...placed, { "&:hover": { bgcolor: "primary.dark" }, "&.Mui-focusVisible": { outline: 3, outlineStyle: "solid", outlineColor: "secondary.main" } }]}
    >
      {children}
    </ButtonBase>
  ) : (
    <Box role="group" aria-label={label} sx={placed}>
      {children}
    </Box>
  );
}
