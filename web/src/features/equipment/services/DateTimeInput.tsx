/**
 * A date and time field read in the site's time zone (§9: dates are the site's): the value is
 * an ISO instant, the field shows and takes the site's wall-clock time.
 */
import { TextField } from "@mui/material";
import { t } from "../../../lib/strings";
import { fromLocalInput, toLocalInput } from "../../../domain/dates";
import { RequiredAdornment } from "../../../ui/forms/RequiredAdornment";

export interface DateTimeInputProps {
  label: string;
  /** ISO instant, or empty. */
  value: string;
  onChange: (value: string) => void;
  timeZone: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
}

export function DateTimeInput({ label, value, onChange, timeZone, required = false, disabled, helperText }: DateTimeInputProps) {
  const missing = required && value === "";
  return (
    <TextField
      label={label}
      type="datetime-local"
      value={toLocalInput(value, timeZone)}
      onChange={(event) => onChange(fromLocalInput(event.target.value, timeZone) ?? "")}
      required={required}
      disabled={disabled}
      fullWidth
      helperText={helperText ?? t("serviceDatesInZone", { timeZone })}
      slotProps={{
        inputLabel: { shrink: true },
        input: { endAdornment: missing ? <RequiredAdornment /> : undefined },
        htmlInput: { "aria-invalid": missing },
      }}
    />
  );
}
