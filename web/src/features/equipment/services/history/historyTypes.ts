/** The §4 history types by name, for the list and the record form's type choice. */
import { type StringKey, t } from "../../../../lib/strings";
import { HistoryType } from "../../../../domain/history";

export const HISTORY_TYPE_CODES: readonly number[] = Object.values(HistoryType);

export function historyTypeName(type: number): string {
  return HISTORY_TYPE_CODES.includes(type) ? t(`historyType${type}` as StringKey) : String(type);
}
