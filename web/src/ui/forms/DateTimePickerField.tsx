/**
 * A date and time, typed or picked with §9's year pages and hour and minute selectors. The value
 * is a wall-clock time as a `datetime-local` input held it (YYYY-MM-DDTHH:mm); the field shows
 * and takes it as YYYY-MM-DD HH:mm.
 */
import { DateTimePicker } from "@mui/x-date-pickers/DateTimePicker";
import type { PickerFieldProps } from "./DatePickerField";
import { PickerAdornment, PickerFrame, TIME_STEPS, pickedText, pickerViews, usePickedValue } from "./pickerParts";

const VALUE_FORMAT = "YYYY-MM-DDTHH:mm";
const SHOWN_FORMAT = "YYYY-MM-DD HH:mm";

export function DateTimePickerField({ label, value, onChange, required, disabled, missing = false, invalid = false, helperText, name, onBlur }: PickerFieldProps) {
  const [picked, setPicked] = usePickedValue(value, VALUE_FORMAT);
  return (
    <PickerFrame missing={missing}>
      <DateTimePicker
        label={label}
        value={picked}
        onChange={(next) => {
          setPicked(next);
          onChange(pickedText(next, VALUE_FORMAT));
        }}
        format={SHOWN_FORMAT}
        ampm={false}
        views={["year", "day", "hours", "minutes"]}
        timeSteps={TIME_STEPS}
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
