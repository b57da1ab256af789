/**
 * The frame of a settings form: heading, fields, Add or Save (disabled while any field has an
 * error, §5, or the user may not change it, §6), and Delete with a confirmation that ends in
 * the 'Deleted …' snackbar (§8). Without permission to change, the fields show disabled under
 * a note saying why. A failed save or delete shows its message as an error snackbar.
 */
import { Alert, Box, Button, Link, Paper, Stack, Typography } from "@mui/material";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router";
import { t } from "../../lib/strings";
import { DeleteDialog } from "../DeleteDialog";
import { SaveButton } from "../SaveButton";
import { useSnackbar } from "../snackbar/SnackbarProvider";

export interface RecordFormProps {
  title: string;
  /** A new record: the button reads Add and there is nothing to delete. */
  adding: boolean;
  mayChange: boolean;
  valid: boolean;
  /** Saves the draft; a throw is shown as an error. */
  onSave: () => Promise<void>;
  /** Deletes the record; `name` goes into the confirmation and the snackbar. */
  onDelete?: { name: string; run: () => Promise<void> };
  /** A link back to the list the record belongs to. */
  back?: { to: string; label: string };
  /** Why the form is read-only, when it is. */
  readOnlyText?: string;
  children: ReactNode;
}

export function RecordForm({ title, adding, mayChange, valid, onSave, onDelete, back, readOnlyText, children }: RecordFormProps) {
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mayChange || !valid) return;
    try {
      await onSave();
    } catch (error) {
      snackbar.show((error as Error).message, "error");
    }
  }

  async function remove() {
    if (!onDelete) return;
    setConfirming(false);
    try {
      await onDelete.run();
      snackbar.show(t("recordDeleted", { name: onDelete.name }));
    } catch (error) {
      snackbar.show((error as Error).message, "error");
    }
  }

  return (
    <Paper sx={{ p: { xs: 4, sm: 5 } }}>
      {back && (
        <Link component={RouterLink} to={back.to} sx={{ display: "inline-block", mb: 3 }}>
          {back.label}
        </Link>
      )}
      <Typography variant="h6" component="h1" sx={{ mb: 4, overflowWrap: "anywhere" }}>
        {title}
      </Typography>
      {!mayChange && (
        <Alert severity="info" sx={{ mb: 4 }}>
          {readOnlyText ?? t("recordReadOnly")}
        </Alert>
      )}
      <Box component="form" onSubmit={submit} noValidate aria-label={title}>
        <Stack spacing={5}>
          {children}
          <Stack direction="row" spacing={3} sx={{ flexWrap: "wrap", rowGap: 3 }}>
            <SaveButton disabled={!mayChange || !valid}>{adding ? t("add") : t("save")}</SaveButton>
            {onDelete && !adding && mayChange && (
              <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
                {t("equipmentDeleteButton")}
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
      {onDelete && (
        <DeleteDialog
          open={confirming}
          title={t("recordDeleteConfirm", { name: onDelete.name })}
          text={t("recordDeleteText", { name: onDelete.name })}
          onCancel={() => setConfirming(false)}
          onDelete={() => void remove()}
        />
      )}
    </Paper>
  );
}

/** A block of fields: as many columns as fit, one on a phone. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 240px), 1fr))" }}>{children}</Box>;
}

/** What a screen shows instead of its form: not allowed, not enabled, not on this device. */
export function Notice({ children, severity = "info" }: { children: ReactNode; severity?: "info" | "warning" | "error" }) {
  return (
    <Paper sx={{ p: { xs: 4, sm: 5 }, maxWidth: 640 }}>
      <Alert severity={severity}>{children}</Alert>
    </Paper>
  );
}
