/**
 * The frame of this feature's screens (performed-service dates, checklist, history record,
 * deficiency): the shared titled sheet (web/src/ui/ScreenFrame.tsx), and the message shown
 * instead of the form while the item loads, when it is not on the device, or when the user may
 * not use it.
 */
import { Alert, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { t } from "../../../lib/strings";
import { ScreenFrame } from "../../../ui/ScreenFrame";
import type { EquipmentRecords, EquipmentRecordsState } from "./useEquipmentRecords";

/** What to show while the records are not ready; null once they are. */
function recordsMessage(state: EquipmentRecordsState): ReactNode {
  if (state.status === "loading") return <Typography color="text.secondary">{t("loading")}</Typography>;
  if (state.status === "missing") {
    return <Alert severity="error">{state.what === "site" ? t("sitePageNotFound") : t("equipmentNotFound")}</Alert>;
  }
  return null;
}

/** §5: without the write permission the form is left blank. */
function NoPermission({ read = false }: { read?: boolean }) {
  return <Alert severity="info">{read ? t("serviceNoReadPermission") : t("serviceNoPermission")}</Alert>;
}

/**
 * A screen about one item: the permission message when `denied` says so ('read' or 'write'),
 * the loading or not-found message until the item's records are ready, then `children` with
 * them, under the item's name.
 */
export function EquipmentScreen({
  title,
  denied,
  state,
  children,
}: {
  title: string;
  denied: "read" | "write" | false;
  state: EquipmentRecordsState;
  children: (records: EquipmentRecords) => ReactNode;
}) {
  if (denied) {
    return (
      <ScreenFrame title={title}>
        <NoPermission read={denied === "read"} />
      </ScreenFrame>
    );
  }
  if (state.status !== "ready") return <ScreenFrame title={title}>{recordsMessage(state)}</ScreenFrame>;
  return (
    <ScreenFrame title={title} subtitle={state.records.view.equipment.name}>
      {children(state.records)}
    </ScreenFrame>
  );
}
