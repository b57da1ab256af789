/**
 * One history entry in a list: what happened, when (the site's time zone), its type and, when
 * known, who. It opens its record unless the list is read-only.
 */
import { ListItem, ListItemButton, ListItemText } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { t } from "../../../../lib/strings";
import { formatDate } from "../../../../domain/dates";
import type { HistoryRecord } from "../../../../domain/history";
import type { Equipment } from "../../../../domain/records";
import { historyPath } from "../paths";
import { historyTypeName } from "./historyTypes";

export interface HistoryLineProps {
  record: HistoryRecord;
  equipment: Equipment;
  timeZone: string | null | undefined;
  /** Who wrote it, as the reader knows them ('You', a name); none shows no one. */
  by?: string;
  readOnly: boolean;
}

export function HistoryLine({ record, equipment, timeZone, by, readOnly }: HistoryLineProps) {
  const date = formatDate(record.date, timeZone);
  const type = historyTypeName(record.type);
  const text = <ListItemText primary={record.description} secondary={by ? t("historyLineBy", { date, type, who: by }) : `${date} · ${type}`} />;
  return (
    <ListItem divider disablePadding={!readOnly}>
      {readOnly ? (
        text
      ) : (
        <ListItemButton component={RouterLink} to={historyPath(equipment.locationId, equipment.id, record.id)}>
          {text}
        </ListItemButton>
      )}
    </ListItem>
  );
}
