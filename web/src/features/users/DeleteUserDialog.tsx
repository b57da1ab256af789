/** 'Delete user?' with Cancel and Delete. */
import { Button, DialogContentText } from "@mui/material";
import { t } from "../../app/strings";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";

export function DeleteUserDialog({ open, name, onCancel, onDelete }: { open: boolean; name: string; onCancel: () => void; onDelete: () => void }) {
  return (
    <ResponsiveDialog
      open={open}
      onClose={onCancel}
      title={t("deleteUserConfirm")}
      actions={
        <>
          <Button onClick={onCancel} autoFocus>
            {t("cancel")}
          </Button>
          <Button color="error" onClick={onDelete}>
            {t("equipmentDeleteButton")}
          </Button>
        </>
      }
    >
      <DialogContentText>{t("deleteUserText", { name })}</DialogContentText>
    </ResponsiveDialog>
  );
}
