/**
 * A required calendar date (YYYY-MM-DD) typed or picked: empty shows the Required icon, any
 * other error its message under the field.
 */
import { TextField } from "@mui/material";
import { type StringKey, t } from "../../app/strings";
import { RequiredAdornment } from "./RequiredAdornment";

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** "required" when empty; any other key is shown as the field's message. */
  error?: StringKey;
}

export function DateField({ label, value, onChange, error }: DateFieldProps) {
  const missing = error === "required";
  return (
    <TextField
      label={label}
      type="date"
      required
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined && !missing}
      helperText={error !== undefined && !missing ? t(error) : undefined}
      slotProps={{
        inputLabel: { shrink: true },
        input: { endAdornment: missing ? <RequiredAdornment /> : undefined },
        htmlInput: { "aria-invalid": error !== undefined },
      }}
    />
  );
}
