/**
 * What the date, time and date-and-time fields share (§9: year pages of 12 years, hour 0 to 23
 * and minute 0 to 59 selectors): MUI X's pickers on dayjs, the field as one plain text input
 * (typed in the format it shows, found by its label), the values as the strings the records
 * hold, and the Required icon beside the picker's button.
 */
import { Box, IconButton, InputAdornment, type InputAdornmentProps, Stack, Typography } from "@mui/material";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { type DateViewRendererProps, renderDateViewCalendar } from "@mui/x-date-pickers/dateViewRenderers";
import { renderMultiSectionDigitalClockTimeView } from "@mui/x-date-pickers/timeViewRenderers";
import { YearCalendar } from "@mui/x-date-pickers/YearCalendar";
import { ArrowLeftIcon, ArrowRightIcon } from "@mui/x-date-pickers/icons";
import type { DateView } from "@mui/x-date-pickers/models";
import dayjs, { type Dayjs } from "dayjs";
import { type ReactNode, createContext, useContext, useState } from "react";
import { t } from "../../lib/strings";
import { ErrorIcon } from "../icons";

/** §9: the year view shows 12 years a page; pages start at the pickers' earliest year, 1900. */
export const YEARS_PER_PAGE = 12;
const FIRST_YEAR = 1900;

export function yearPageStart(year: number): number {
  return year - ((((year - FIRST_YEAR) % YEARS_PER_PAGE) + YEARS_PER_PAGE) % YEARS_PER_PAGE);
}

/** The string a record holds for a picked value, "" while the field is empty or half typed. */
export function pickedText(picked: Dayjs | null, format: string): string {
  return picked?.isValid() ? picked.format(format) : "";
}

/**
 * The picker's own value, kept while the user types so a half-typed date (which the record sees
 * as "") is not wiped; a new value from outside replaces it.
 */
export function usePickedValue(value: string, format: string): [Dayjs | null, (picked: Dayjs | null) => void] {
  const [picked, setPicked] = useState<Dayjs | null>(() => parse(value, format));
  if (value !== pickedText(picked, format)) {
    const replaced = parse(value, format);
    if (pickedText(replaced, format) !== pickedText(picked, format) || value === "") setPicked(replaced);
  }
  return [picked, setPicked];
}

function parse(value: string, format: string): Dayjs | null {
  if (value === "") return null;
  const parsed = dayjs(value, format, true);
  return parsed.isValid() ? parsed : null;
}

function YearPages({ value, referenceDate, minDate, maxDate, onChange, disabled, readOnly, timezone, autoFocus, focusedView, onFocusedViewChange }: DateViewRendererProps<DateView>) {
  const shown = value?.isValid() ? value : (referenceDate ?? dayjs());
  const [first, setFirst] = useState(() => yearPageStart(shown.year()));
  const last = first + YEARS_PER_PAGE - 1;
  const earliest = minDate?.year() ?? FIRST_YEAR;
  const latest = maxDate?.year() ?? Number.POSITIVE_INFINITY;
  return (
    <Box sx={{ width: 320, maxWidth: "100%" }}>
      <Stack direction="row" sx={{ px: 3, pt: 2, alignItems: "center", justifyContent: "space-between" }}>
        <IconButton aria-label={t("pickerEarlierYears")} disabled={first <= earliest} onClick={() => setFirst(first - YEARS_PER_PAGE)}>
          <ArrowLeftIcon />
        </IconButton>
        <Typography component="p" aria-live="polite">
          {t("pickerYearPage", { first, last })}
        </Typography>
        <IconButton aria-label={t("pickerLaterYears")} disabled={last >= latest} onClick={() => setFirst(first + YEARS_PER_PAGE)}>
          <ArrowRightIcon />
        </IconButton>
      </Stack>
      <YearCalendar
        key={first}
        value={value}
        referenceDate={shown.year(Math.min(Math.max(shown.year(), first), last))}
        minDate={dayjs(new Date(first, 0, 1))}
        maxDate={dayjs(new Date(last, 11, 31))}
        shouldDisableYear={(year) => year.year() < earliest || year.year() > latest}
        yearsPerRow={3}
        timezone={timezone}
        disabled={disabled}
        readOnly={readOnly}
        autoFocus={autoFocus}
        hasFocus={focusedView === "year"}
        onFocusedViewChange={(hasFocus) => onFocusedViewChange?.("year", hasFocus)}
        onChange={(year) => onChange?.(year, "finish", "year")}
      />
    </Box>
  );
}

/** The views the pickers draw: the year pages, MUI's day calendar, and hour and minute lists. */
export const pickerViews = {
  // A view renderer is called as a function inside the picker's render, so one with state of its own is drawn as an element.
  year: (props: DateViewRendererProps<DateView>) => <YearPages {...props} />,
  month: renderDateViewCalendar,
  day: renderDateViewCalendar,
  hours: renderMultiSectionDigitalClockTimeView,
  minutes: renderMultiSectionDigitalClockTimeView,
};

/** Every hour and every minute is offered, not MUI's five-minute steps. */
export const TIME_STEPS = { hours: 1, minutes: 1 };

const Missing = createContext(false);

/** The picker's end adornment with the Required icon (§5) before the picker's button while empty. */
export function PickerAdornment({ children, ...props }: InputAdornmentProps) {
  const missing = useContext(Missing);
  return (
    <InputAdornment {...props}>
      {missing && <ErrorIcon color="error" titleAccess={t("required")} />}
      {children}
    </InputAdornment>
  );
}

/** The hour and minute options are named as they show, "05 minutes", not "5 minutes". */
const localeText = {
  hoursClockNumberText: (hours: string) => t(Number(hours) === 1 ? "pickerHour" : "pickerHours", { value: hours.padStart(2, "0") }),
  minutesClockNumberText: (minutes: string) => t(Number(minutes) === 1 ? "pickerMinute" : "pickerMinutes", { value: minutes.padStart(2, "0") }),
};

/** What every picker field is given: its label, value and state, as the field's props say. */
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

/**
 * The props the three pickers share: the value kept as the record's text in `format`, the views,
 * the adornment, and the text field's label, state and message.
 */
export function usePickerProps({ label, value, onChange, required, disabled, missing = false, invalid = false, helperText, name, onBlur }: PickerFieldProps, format: string) {
  const [picked, setPicked] = usePickedValue(value, format);
  return {
    label,
    value: picked,
    onChange: (next: Dayjs | null) => {
      setPicked(next);
      onChange(pickedText(next, format));
    },
    disabled,
    name,
    viewRenderers: pickerViews,
    slots: { inputAdornment: PickerAdornment },
    slotProps: {
      textField: {
        required,
        fullWidth: true,
        error: invalid && !missing,
        helperText,
        onBlur,
        slotProps: { inputLabel: { shrink: true }, htmlInput: { "aria-invalid": invalid } },
      },
    },
  };
}

export function PickerFrame({ missing, children }: { missing: boolean; children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} localeText={localeText}>
      <Missing.Provider value={missing}>{children}</Missing.Provider>
    </LocalizationProvider>
  );
}
