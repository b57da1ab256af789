/**
 * §5 field rules, for the inputs to show and for forms to disable submit while any field has
 * an error: a required field must not be blank, an email field must hold a valid address.
 */
import type { StringKey } from "../../lib/strings";
import { isEmail } from "../../domain/email";

export interface TextRules {
  required?: boolean;
  type?: string;
}

/** The catalogue key of the field's error, or undefined when the value is acceptable. */
export function textError(value: string, { required = false, type }: TextRules): StringKey | undefined {
  if (value.trim() === "") return required ? "required" : undefined;
  if (type === "email" && !isEmail(value)) return "emailNotValid";
  return undefined;
}

/**
 * The number in `text`, or undefined when it is blank or not a number. Commas are not
 * decimal points here; "1,5" is not a number.
 */
export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}
