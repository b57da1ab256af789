/** The §2 leave-page dialog: 'Your current changes will be discarded.', Leave or Cancel. */
import { Button, DialogContentText } from "@mui/material";
import { t } from "../../lib/strings";
import { ResponsiveDialog } from "../ResponsiveDialog";

export interface LeavePageDialogProps {
  open: boolean;
  onLeave: () => void;
  onCancel: () => void;
}

export function LeavePageDialog({ open, onLeave, onCancel }: LeavePageDialogProps) {
  return (
    <ResponsiveDialog
      open={open}
      onClose={onCancel}
      title={t("leavePageTitle")}
      actions={
        <>
          <Button onClick={onCancel} autoFocus>
            {t("cancel")}
          </Button>
          <Button onClick={onLeave} color="error">
            {t("leave")}
          </Button>
        </>
      }
    >
      <DialogContentText>{t("leavePageText")}</DialogContentText>
    </ResponsiveDialog>
  );
}
