/**
 * A text field with the §5 rules: a required field with no value shows an error icon, an
 * email field says 'Email is not valid', and `error` is a message of the form's own (a short
 * password). Each shows only once the user has touched the field or the form was submitted
 * (`fieldErrors`).
 */
import { TextField } from "@mui/material";
import type { ReactNode } from "react";
import { t } from "../../lib/strings";
import { useFieldErrors } from "./fieldErrors";
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
  /** Shown under the field from the start, until an error takes its place. */
  helperText?: ReactNode;
  /** What is wrong with a value the field's own rules accept. */
  error?: string;
}

export function TextInput({ label, value, onChange, required = false, type = "text", helperText, error, ...props }: TextInputProps) {
  const shows = useFieldErrors();
  const ruleError = textError(value, { required, type });
  const missing = ruleError === "required" && shows.showMissing;
  const wrong = ruleError === "emailNotValid" ? t("emailNotValid") : ruleError === undefined ? error : undefined;
  const wrongShown = wrong !== undefined && shows.showWrong;
  return (
    <TextField
      {...props}
      label={label}
      value={value}
      type={type}
      required={required}
      fullWidth
      error={wrongShown}
      helperText={wrongShown ? wrong : helperText}
      onChange={(event) => {
        shows.changed();
        onChange(event.target.value);
      }}
      onBlur={shows.left}
      slotProps={{
        input: { endAdornment: missing ? <RequiredAdornment /> : undefined },
        htmlInput: { "aria-invalid": missing || wrongShown },
      }}
    />
  );
}
