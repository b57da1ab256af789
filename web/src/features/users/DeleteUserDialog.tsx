/** 'Delete user?' with Cancel and Delete. */
import { t } from "../../lib/strings";
import { DeleteDialog } from "../../ui/DeleteDialog";

export function DeleteUserDialog({ open, name, onCancel, onDelete }: { open: boolean; name: string; onCancel: () => void; onDelete: () => void }) {
  return <DeleteDialog open={open} title={t("deleteUserConfirm")} text={t("deleteUserText", { name })} onCancel={onCancel} onDelete={onDelete} />;
}
