/** A value shown in a form's field that the form does not edit. */
import { TextField } from "@mui/material";

export function ReadOnlyField({ label, value }: { label: string; value: string | null | undefined }) {
  return <TextField label={label} value={value ?? ""} fullWidth slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }} />;
}
