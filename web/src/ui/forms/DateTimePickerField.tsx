/**
 * A date and time, typed or picked with §9's year pages and hour and minute selectors. The value
 * is a wall-clock time as a `datetime-local` input held it (YYYY-MM-DDTHH:mm); the field shows
 * and takes it as YYYY-MM-DD HH:mm.
 */
import { DateTimePicker } from "@mui/x-date-pickers/DateTimePicker";
import { type PickerFieldProps, PickerFrame, TIME_STEPS, usePickerProps } from "./pickerParts";

const VALUE_FORMAT = "YYYY-MM-DDTHH:mm";
const SHOWN_FORMAT = "YYYY-MM-DD HH:mm";

export function DateTimePickerField(props: PickerFieldProps) {
  const shared = usePickerProps(props, VALUE_FORMAT);
  return (
    <PickerFrame missing={props.missing ?? false}>
      <DateTimePicker {...shared} format={SHOWN_FORMAT} ampm={false} views={["year", "day", "hours", "minutes"]} timeSteps={TIME_STEPS} />
    </PickerFrame>
  );
}
