/**
 * A date and time field read in the site's time zone (§9: dates are the site's): the value is
 * an ISO instant, the field shows and takes the site's wall-clock time.
 */
import { t } from "../../../lib/strings";
import { fromLocalInput, toLocalInput } from "../../../domain/dates";
import { DateTimePickerField } from "../../../ui/forms/DateTimePickerField";

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
    <DateTimePickerField
      label={label}
      value={toLocalInput(value, timeZone)}
      onChange={(local) => onChange(fromLocalInput(local, timeZone) ?? "")}
      required={required}
      disabled={disabled}
      missing={missing}
      invalid={missing}
      helperText={helperText ?? t("serviceDatesInZone", { timeZone })}
    />
  );
}
