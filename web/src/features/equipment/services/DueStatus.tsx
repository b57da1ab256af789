/**
 * The item's place on the due lists, the way the equipment list counts it (§9 Due logic, §4
 * Could Not Service), with the reasons: "Inspection due: open deficiency", "Service due: Annual
 * Service", "Not due", or "Could not service today: off the due lists until …". Both read the
 * due engine's `dueLists`, so the tag and the list never disagree.
 */
import { Box, Typography, alpha } from "@mui/material";
import { t } from "../../../lib/strings";
import { formatDate } from "../../../domain/dates";
import { type DueResult, dueLists } from "../../../domain/due";
import { dueStateOf } from "../../../domain/records";
import type { EquipmentRecords } from "./useEquipmentRecords";

interface Line {
  text: string;
  severity: "warning" | "success" | "info" | "error";
}

/** The due scheduled services of one list (inspection or not), by name, after an open deficiency. */
function reasonsFor(result: DueResult, records: EquipmentRecords, inspection: boolean): string {
  const names = new Map(records.view.serviceTypes.map((s) => [s.id, s.name]));
  const services = result.services.filter((s) => s.due && !s.unscheduled && s.inspection === inspection).map((s) => names.get(s.serviceTypeId) ?? s.serviceTypeId);
  return [...(result.openDeficiency ? [t("dueOpenDeficiency")] : []), ...services].join(", ");
}

/** What the tag says of the item's due state at `now`. */
export function dueStatusLines(records: EquipmentRecords, now: number): Line[] {
  const state = dueStateOf(records.view, records.site, now);
  if (!state.ok) return [{ text: t("equipmentDueError", { error: state.error }), severity: "error" }];
  const { result } = state;
  const lists = dueLists(result, now);
  if (lists.couldNotService) {
    const until = formatDate(result.hiddenUntil, records.site.site.timeZone, "day");
    return [{ text: t("dueCouldNotService", { date: until }), severity: "info" }];
  }
  const lines: Line[] = [];
  if (lists.inspection) lines.push({ text: t("dueInspection", { reasons: reasonsFor(result, records, true) }), severity: "warning" });
  if (lists.service) lines.push({ text: t("dueService", { reasons: reasonsFor(result, records, false) }), severity: "warning" });
  return lines.length > 0 ? lines : [{ text: t("dueNot"), severity: "success" }];
}

/** A line per due list the item is on (or one saying it is on none): the screen's state, not news to announce. */
export function DueStatus({ records, now }: { records: EquipmentRecords; now: number }) {
  return (
    <Box component="section" aria-label={t("dueStatusTitle")} sx={{ display: "grid", gap: 2 }}>
      {dueStatusLines(records, now).map((line) => (
        <Typography
          key={line.text}
          sx={(theme) => ({
            m: 0,
            px: 3,
            py: 2,
            fontWeight: 500,
            borderLeft: 4,
            borderRadius: 1,
            borderColor: theme.palette[line.severity].main,
            backgroundColor: alpha(theme.palette[line.severity].main, 0.08),
          })}
        >
          {line.text}
        </Typography>
      ))}
    </Box>
  );
}
