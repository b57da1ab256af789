/**
 * A data change's values before and after (§4), read-only. Changes are stored as the record
 * fields they touched; custom field values (fieldData) are named by their field's name.
 */
import { Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { t } from "../../../../lib/strings";

type Values = Record<string, unknown> | null | undefined;

/** Flattens `{fieldData: {id: "5"}}` to `[["fieldData.id", "5"]]`. */
function flatten(values: Values, prefix = ""): [string, unknown][] {
  return Object.entries(values ?? {}).flatMap(([key, value]) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? flatten(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function ChangesTable({ before, after, fieldNames }: { before: Values; after: Values; fieldNames: ReadonlyMap<string, string> }) {
  const was = new Map(flatten(before));
  const is = new Map(flatten(after));
  const paths = [...new Set([...was.keys(), ...is.keys()])];
  const label = (path: string) => {
    const id = path.startsWith("fieldData.") ? path.slice("fieldData.".length) : undefined;
    return (id && fieldNames.get(id)) ?? path;
  };
  return (
    <Table size="small" aria-label={t("historyChanges")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("historyField")}</TableCell>
          <TableCell>{t("historyBefore")}</TableCell>
          <TableCell>{t("historyAfter")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {paths.map((path) => (
          <TableRow key={path}>
            <TableCell>{label(path)}</TableCell>
            <TableCell>{text(was.get(path))}</TableCell>
            <TableCell>{text(is.get(path))}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
