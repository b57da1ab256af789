/**
 * A required calendar date (YYYY-MM-DD) typed or picked: empty shows the Required icon, any
 * other error its message under the field, once the user has touched it (`fieldErrors`; a
 * date input holds no half-typed value, so a change is enough).
 */
import { TextField } from "@mui/material";
import { type StringKey, t } from "../../lib/strings";
import { useFieldErrors } from "./fieldErrors";
import { RequiredAdornment } from "./RequiredAdornment";

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** "required" when empty; any other key is shown as the field's message. */
  error?: StringKey;
}

export function DateField({ label, value, onChange, error: anyError }: DateFieldProps) {
  const shows = useFieldErrors();
  const error = shows.showMissing ? anyError : undefined;
  const missing = error === "required";
  return (
    <TextField
      label={label}
      type="date"
      required
      fullWidth
      value={value}
      onChange={(event) => {
        shows.changed();
        onChange(event.target.value);
      }}
      onBlur={shows.left}
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
