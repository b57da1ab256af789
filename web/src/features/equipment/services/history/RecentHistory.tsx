/**
 * The last few history entries of an item on the tag (HISTORY_READ), newest first: what
 * happened, when (the site's time zone), its type and who. Each opens its record, unless the
 * tag is read-only.
 */
import { Box, List, Typography } from "@mui/material";
import { useId, useMemo } from "react";
import { t } from "../../../../lib/strings";
import { useAuth } from "../../../../auth/AuthProvider";
import { can } from "../../../../auth/session";
import type { EquipmentRecords } from "../useEquipmentRecords";
import { HistoryLine } from "./HistoryLine";

/** How many entries the tag shows. */
export const RECENT_HISTORY = 5;

export function RecentHistory({ records, readOnly = false }: { records: EquipmentRecords; readOnly?: boolean }) {
  const { user } = useAuth();
  const headingId = useId();
  const { equipment, history } = records.view;
  const recent = useMemo(
    () => [...history].sort((a, b) => (Date.parse(b.date) || 0) - (Date.parse(a.date) || 0)).slice(0, RECENT_HISTORY),
    [history],
  );
  if (!can(user, "HISTORY_READ")) return null;
  const timeZone = records.site.site.timeZone;
  const who = (userId: string | null | undefined) => (!userId ? undefined : userId === user?.id ? t("serviceByYou") : records.userNames.get(userId));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("historyRecentTitle")}
      </Typography>
      {recent.length === 0 ? (
        <Typography color="text.secondary">{t("historyEmpty")}</Typography>
      ) : (
        <List disablePadding>
          {recent.map((record) => (
            <HistoryLine key={record.id} record={record} equipment={equipment} timeZone={timeZone} by={who(record.userId)} readOnly={readOnly} />
          ))}
        </List>
      )}
    </Box>
  );
}
