/**
 * A time of day (HH:mm, 24-hour) typed or picked from §9's hour (0 to 23) and minute (0 to 59)
 * selectors: one text input named by its label, the selectors behind the button at its end.
 */
import { TimePicker } from "@mui/x-date-pickers/TimePicker";
import type { PickerFieldProps } from "./DatePickerField";
import { PickerAdornment, PickerFrame, TIME_STEPS, pickedText, pickerViews, usePickedValue } from "./pickerParts";

const FORMAT = "HH:mm";

export function TimePickerField({ label, value, onChange, required, disabled, missing = false, invalid = false, helperText, name, onBlur }: PickerFieldProps) {
  const [picked, setPicked] = usePickedValue(value, FORMAT);
  return (
    <PickerFrame missing={missing}>
      <TimePicker
        label={label}
        value={picked}
        onChange={(next) => {
          setPicked(next);
          onChange(pickedText(next, FORMAT));
        }}
        format={FORMAT}
        ampm={false}
        views={["hours", "minutes"]}
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
