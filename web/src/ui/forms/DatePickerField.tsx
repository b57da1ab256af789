/**
 * A calendar date (YYYY-MM-DD) typed or picked (§9's picker: year pages of 12 years): one text
 * input named by its label, typed as it shows, with the calendar behind the button at its end.
 */
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import dayjs from "dayjs";
import { PickerAdornment, PickerFrame, pickedText, pickerViews, usePickedValue } from "./pickerParts";

const FORMAT = "YYYY-MM-DD";

export interface PickerFieldProps {
  label: string;
  /** The record's text for the value, or "" (also while half typed). */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  /** Shows the Required icon (§5). */
  missing?: boolean;
  /** Marks the field invalid (its message goes in `helperText`). */
  invalid?: boolean;
  helperText?: string;
  name?: string;
  onBlur?: () => void;
}

export interface DatePickerFieldProps extends PickerFieldProps {
  /** The earliest and latest dates offered, YYYY-MM-DD. */
  min?: string;
  max?: string;
}

export function DatePickerField({ label, value, onChange, required, disabled, missing = false, invalid = false, helperText, name, onBlur, min, max }: DatePickerFieldProps) {
  const [picked, setPicked] = usePickedValue(value, FORMAT);
  return (
    <PickerFrame missing={missing}>
      <DatePicker
        label={label}
        value={picked}
        onChange={(next) => {
          setPicked(next);
          onChange(pickedText(next, FORMAT));
        }}
        format={FORMAT}
        minDate={min ? dayjs(min) : undefined}
        maxDate={max ? dayjs(max) : undefined}
        disabled={disabled}
        name={name}
        viewRenderers={pickerViews}
        slots={{ inputAdornment: PickerAdornment }}
        slotProps={{
          textField: {
            required,
            fullWidth: true,
            error: invalid && !missing,
            helperText,
            onBlur,
            slotProps: { inputLabel: { shrink: true }, htmlInput: { "aria-invalid": invalid } },
          },
        }}
      />
    </PickerFrame>
  );
}
