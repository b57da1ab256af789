/**
 * A calendar date (YYYY-MM-DD) typed or picked (§9's picker: year pages of 12 years): one text
 * input named by its label, typed as it shows, with the calendar behind the button at its end.
 */
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import dayjs from "dayjs";
import { type PickerFieldProps, PickerFrame, usePickerProps } from "./pickerParts";

const FORMAT = "YYYY-MM-DD";

export interface DatePickerFieldProps extends PickerFieldProps {
  /** The earliest and latest dates offered, YYYY-MM-DD. */
  min?: string;
  max?: string;
}

export function DatePickerField({ min, max, ...props }: DatePickerFieldProps) {
  const shared = usePickerProps(props, FORMAT);
  return (
    <PickerFrame missing={props.missing ?? false}>
      <DatePicker {...shared} format={FORMAT} minDate={min ? dayjs(min) : undefined} maxDate={max ? dayjs(max) : undefined} />
    </PickerFrame>
  );
}
