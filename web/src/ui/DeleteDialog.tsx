/**
 * The confirmation before a delete: a question, what deleting does, Cancel (focused, so Enter
 * does not delete by accident) and Delete.
 */
import { Button, DialogContentText } from "@mui/material";
import { t } from "../lib/strings";
import { ResponsiveDialog } from "./ResponsiveDialog";

export interface DeleteDialogProps {
  open: boolean;
  title: string;
  text: string;
  onCancel: () => void;
  onDelete: () => void;
  /** Shows Delete as working (while the delete runs). */
  busy?: boolean;
}

export function DeleteDialog({ open, title, text, onCancel, onDelete, busy = false }: DeleteDialogProps) {
  return (
    <ResponsiveDialog
      open={open}
      onClose={onCancel}
      title={title}
      actions={
        <>
          <Button onClick={onCancel} autoFocus>
            {t("cancel")}
          </Button>
          <Button color="error" onClick={onDelete} loading={busy}>
            {t("equipmentDeleteButton")}
          </Button>
        </>
      }
    >
      <DialogContentText>{text}</DialogContentText>
    </ResponsiveDialog>
  );
}
