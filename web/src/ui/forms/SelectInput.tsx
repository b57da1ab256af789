/**
 * A drop-down field (§5): with no value and no empty option it selects its first option, so a
 * form never submits a choice the user could not see.
 */
import { MenuItem, TextField } from "@mui/material";
import { useEffect, type ReactNode } from "react";

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

export function SelectInput({ label, value, onChange, options, ...props }: SelectInputProps) {
  const first = options[0]?.value;
  const hasEmptyOption = options.some((option) => option.value === "");
  useEffect(() => {
    if (value === "" && !hasEmptyOption && first !== undefined) onChange(first);
    // onChange is left out: a new callback each render must not re-run the choice.
  }, [value, hasEmptyOption, first]);

  return (
    <TextField {...props} select label={label} value={value} fullWidth onChange={(event) => onChange(event.target.value)}>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
