/**
 * The service options dialog (§2 'service options'): a service's actions in one list, named by
 * the service, as the equipment options dialog lists an item's. Perform Now; From Scheduled
 * (desktop only, for a service with a next date, §4); Edit Dates (the performed-service date
 * edit); Back. The caller offers only what the user may take.
 */
import { List, ListItem, ListItemButton, ListItemText } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { t } from "../../../lib/strings";
import { ResponsiveDialog } from "../../../ui/ResponsiveDialog";

export interface ServiceOptionsDialogProps {
  open: boolean;
  serviceName: string;
  /** Perform Now, when the user may perform the service. */
  onPerformNow?: () => void;
  /** From Scheduled, when offered (desktop, a scheduled next date, may perform). */
  onFromScheduled?: () => void;
  /** The date edit's address, when the user may edit the dates. */
  editDatesPath?: string;
  onClose: () => void;
}

export function ServiceOptionsDialog({ open, serviceName, onPerformNow, onFromScheduled, editDatesPath, onClose }: ServiceOptionsDialogProps) {
  const choose = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={serviceName} maxWidth="xs">
      <List disablePadding>
        {onPerformNow && (
          <ListItem disablePadding>
            <ListItemButton onClick={choose(onPerformNow)}>
              <ListItemText primary={t("servicePerformNow")} />
            </ListItemButton>
          </ListItem>
        )}
        {onFromScheduled && (
          <ListItem disablePadding>
            <ListItemButton onClick={choose(onFromScheduled)}>
              <ListItemText primary={t("serviceFromScheduled")} />
            </ListItemButton>
          </ListItem>
        )}
        {editDatesPath && (
          <ListItem disablePadding>
            <ListItemButton component={RouterLink} to={editDatesPath} onClick={onClose}>
              <ListItemText primary={t("serviceEditDates")} />
            </ListItemButton>
          </ListItem>
        )}
        <ListItem disablePadding>
          <ListItemButton onClick={onClose}>
            <ListItemText primary={t("serviceOptionsBack")} />
          </ListItemButton>
        </ListItem>
      </List>
    </ResponsiveDialog>
  );
}
