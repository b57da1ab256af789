/**
 * A required calendar date (YYYY-MM-DD) typed or picked: empty shows the Required icon, any
 * other error its message under the field, once the user has touched it (`fieldErrors`; a
 * picked or fully typed date is a change).
 */
import { type StringKey, t } from "../../lib/strings";
import { DatePickerField } from "./DatePickerField";
import { useFieldErrors } from "./fieldErrors";

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
    <DatePickerField
      label={label}
      required
      value={value}
      onChange={(next) => {
        shows.changed();
        onChange(next);
      }}
      onBlur={shows.left}
      missing={missing}
      invalid={error !== undefined}
      helperText={error !== undefined && !missing ? t(error) : undefined}
    />
  );
}
