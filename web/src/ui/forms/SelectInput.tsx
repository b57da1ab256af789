/**
 * A drop-down field (§5): with no value and no empty option it selects its first option, so a
 * form never submits a choice the user could not see. A required select left on its empty
 * option shows the error icon, as a required text field does, once touched (`fieldErrors`).
 */
import { MenuItem, TextField } from "@mui/material";
import { useEffect, useEffectEvent, type ReactNode } from "react";
import { useFieldErrors } from "./fieldErrors";
import { RequiredAdornment } from "./RequiredAdornment";

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  required?: boolean;
  name?: string;
  disabled?: boolean;
  helperText?: ReactNode;
}

export function SelectInput({ label, value, onChange, options, required = false, ...props }: SelectInputProps) {
  const first = options[0]?.value;
  const hasEmptyOption = options.some((option) => option.value === "");
  // An event, not a dependency: a new callback each render must not re-run the choice.
  const choose = useEffectEvent(onChange);
  useEffect(() => {
    if (value === "" && !hasEmptyOption && first !== undefined) choose(first);
  }, [value, hasEmptyOption, first]);

  const shows = useFieldErrors();
  const missing = required && value === "" && shows.showMissing;
  return (
    <TextField
      {...props}
      select
      label={label}
      value={value}
      required={required}
      fullWidth
      onChange={(event) => {
        shows.changed();
        onChange(event.target.value);
      }}
      onBlur={shows.left}
      slotProps={{
        input: { endAdornment: missing ? <RequiredAdornment inset /> : undefined },
        select: { SelectDisplayProps: { "aria-invalid": missing, "aria-required": required || undefined } as object },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
