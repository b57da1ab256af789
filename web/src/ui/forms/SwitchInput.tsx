/** An on/off field with its label beside it, reachable by keyboard (Space toggles). */
import { FormControlLabel, Switch } from "@mui/material";

export interface SwitchInputProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
}

export function SwitchInput({ label, checked, onChange, disabled, name }: SwitchInputProps) {
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={<Switch name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} />}
    />
  );
}
