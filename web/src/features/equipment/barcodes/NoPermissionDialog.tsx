/** What the replace dialogs show to a user without the permissions they need (§6): why nothing can be changed. */
import { Button, Typography } from "@mui/material";
import { t } from "../../../lib/strings";
import { ResponsiveDialog } from "../../../ui/ResponsiveDialog";

export function NoPermissionDialog({ open, title, text, onClose }: { open: boolean; title: string; text: string; onClose: () => void }) {
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={title} actions={<Button onClick={onClose}>{t("close")}</Button>}>
      <Typography>{text}</Typography>
    </ResponsiveDialog>
  );
}
