/**
 * A text field with the §5 rules: a required field with no value shows an error icon, and an
 * email field says 'Email is not valid' once the user has left it with a bad address.
 */
import { TextField } from "@mui/material";
import { useState, type ReactNode } from "react";
import { t } from "../../app/strings";
import { RequiredAdornment } from "./RequiredAdornment";
import { textError } from "./validation";

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  type?: "text" | "email" | "password" | "tel" | "url";
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  minRows?: number;
  helperText?: ReactNode;
}

export function TextInput({ label, value, onChange, required = false, type = "text", helperText, ...props }: TextInputProps) {
  const [left, setLeft] = useState(false);
  const error = textError(value, { required, type });
  const missing = error === "required";
  const shownError = error === "emailNotValid" && left;
  return (
    <TextField
      {...props}
      label={label}
      value={value}
      type={type}
      required={required}
      fullWidth
      error={shownError}
      helperText={shownError ? t("emailNotValid") : helperText}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => setLeft(true)}
      slotProps={{
        input: { endAdornment: missing ? <RequiredAdornment /> : undefined },
        htmlInput: { "aria-invalid": error !== undefined },
      }}
    />
  );
}
