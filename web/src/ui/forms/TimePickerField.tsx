/**
 * A time of day (HH:mm, 24-hour) typed or picked from §9's hour (0 to 23) and minute (0 to 59)
 * selectors: one text input named by its label, the selectors behind the button at its end.
 */
import { TimePicker } from "@mui/x-date-pickers/TimePicker";
import { type PickerFieldProps, PickerFrame, TIME_STEPS, usePickerProps } from "./pickerParts";

const FORMAT = "HH:mm";

export function TimePickerField(props: PickerFieldProps) {
  const shared = usePickerProps(props, FORMAT);
  return (
    <PickerFrame missing={props.missing ?? false}>
      <TimePicker {...shared} format={FORMAT} ampm={false} views={["hours", "minutes"]} timeSteps={TIME_STEPS} />
    </PickerFrame>
  );
}
