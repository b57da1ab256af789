/**
 * A choice among many (countries, provinces, time zones): a combo box that filters its options
 * as the user types, so a phone user writes "can" rather than scrolling 250 countries. It
 * follows the §5 field rules: a required field with no value shows the error icon, once
 * touched (`fieldErrors`). The empty value means no choice.
 */
import { Autocomplete, TextField } from "@mui/material";
import { type ReactNode, useMemo } from "react";
import { useFieldErrors } from "./fieldErrors";
import { RequiredAdornment } from "./RequiredAdornment";
import type { SelectOption } from "./SelectInput";

export interface ChoiceInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The choices; an option with the empty value is left out (clearing the field is the empty choice). */
  options: readonly SelectOption[];
  required?: boolean;
  name?: string;
  disabled?: boolean;
  helperText?: ReactNode;
}

export function ChoiceInput({ label, value, onChange, options, required = false, name, disabled, helperText }: ChoiceInputProps) {
  const choices = useMemo(() => options.filter((option) => option.value !== ""), [options]);
  const selected = choices.find((option) => option.value === value) ?? null;
  const shows = useFieldErrors();
  const missing = required && value === "" && shows.showMissing;
  return (
    <Autocomplete
      options={choices}
      value={selected}
      onChange={(_event, option) => {
        shows.changed();
        onChange(option?.value ?? "");
      }}
      onBlur={shows.left}
      isOptionEqualToValue={(option, chosen) => option.value === chosen.value}
      getOptionLabel={(option) => option.label}
      disabled={disabled}
      autoHighlight
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={name}
          required={required}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {missing && <RequiredAdornment />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
            htmlInput: { ...params.slotProps.htmlInput, "aria-invalid": missing },
          }}
        />
      )}
    />
  );
}
