/**
 * A warning in the shell when the device's clock is more than 5 minutes off the server's: the
 * dates of the technician's work (a service performed, a deficiency opened) come from it.
 */
import { Alert } from "@mui/material";
import { MAX_AHEAD_MS } from "../../domain/lww";
import { useSyncStatus } from "../../offline/SyncProvider";
import { t } from "../../lib/strings";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function amount(ms: number): string {
  if (ms < HOUR) return t("clockMinutes", { count: Math.round(ms / MINUTE) });
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    return hours === 1 ? t("clockHour") : t("clockHours", { count: hours });
  }
  const days = Math.floor(ms / DAY);
  return days === 1 ? t("clockDay") : t("clockDays", { count: days });
}

/** The warning for `offset` (server clock minus device clock, ms), or null when the clock is near enough. */
export function clockWarning(offset: number | undefined): string | null {
  if (offset === undefined || Math.abs(offset) <= MAX_AHEAD_MS) return null;
  // The server is behind the device: the device's clock runs fast.
  return t("clockOff", { amount: amount(Math.abs(offset)), direction: t(offset < 0 ? "clockFast" : "clockSlow") });
}

export function ClockWarning() {
  const warning = useSyncStatus((status) => clockWarning(status.clockOffset));
  return warning ? (
    <Alert severity="warning" sx={{ mx: 3, mt: 3 }}>
      {warning}
    </Alert>
  ) : null;
}
