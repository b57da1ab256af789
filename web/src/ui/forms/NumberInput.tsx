/**
 * A number field (§5): keystrokes that would not leave a number (or the start of one, like
 * "-" or "1.") are dropped, and leaving the field settles the text to the number it holds, or
 * to empty when there is none. A required one left empty shows the error icon once touched
 * (`fieldErrors`).
 */
import { TextField } from "@mui/material";
import { useState, type ReactNode } from "react";
import { useFieldErrors } from "./fieldErrors";
import { RequiredAdornment } from "./RequiredAdornment";
import { parseNumber } from "./validation";

export interface NumberInputProps {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  required?: boolean;
  name?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
}

// What a number looks like while it is being typed: "-", "1.", ".5".
const PARTIAL_NUMBER = /^-?\d*\.?\d*$/;

const textOf = (value: number | undefined) => (value === undefined ? "" : String(value));

export function NumberInput({ label, value, onChange, required = false, ...props }: NumberInputProps) {
  const [text, setText] = useState(() => textOf(value));
  // A value set from outside (a reset, a loaded record) replaces the text unless it already says so.
  if (parseNumber(text) !== value) {
    const next = textOf(value);
    if (next !== text) setText(next);
  }
  const shows = useFieldErrors();
  const missing = required && value === undefined && shows.showMissing;
  return (
    <TextField
      {...props}
      label={label}
      value={text}
      required={required}
      fullWidth
      onChange={(event) => {
        shows.changed();
        const typed = event.target.value.trim();
        if (!PARTIAL_NUMBER.test(typed)) return;
        setText(typed);
        onChange(parseNumber(typed));
      }}
      onBlur={() => {
        shows.left();
        setText(textOf(parseNumber(text)));
      }}
      slotProps={{
        input: { endAdornment: missing ? <RequiredAdornment /> : undefined },
        htmlInput: { inputMode: "decimal", "aria-invalid": missing },
      }}
    />
  );
}
