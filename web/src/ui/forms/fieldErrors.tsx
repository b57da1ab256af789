/**
 * When a field shows its error (§5): never on arrival, so a new form does not open in red.
 * A missing value shows once the user has changed the field or left it; a wrong value (an
 * email without its domain, a short password) once the user has left it, not mid-word. A
 * form whose submit stays pressable while fields are wrong shows them all once it was
 * submitted, by wrapping its fields in `ShowFieldErrors`.
 */
import { type ReactNode, createContext, useContext, useState } from "react";

const Submitted = createContext(false);

export function ShowFieldErrors({ when, children }: { when: boolean; children: ReactNode }) {
  return <Submitted.Provider value={when}>{children}</Submitted.Provider>;
}

export interface FieldErrors {
  /** A missing value's error may show. */
  showMissing: boolean;
  /** A wrong value's error may show. */
  showWrong: boolean;
  /** For the field's onChange. */
  changed: () => void;
  /** For the field's onBlur. */
  left: () => void;
}

export function useFieldErrors(): FieldErrors {
  const submitted = useContext(Submitted);
  const [changed, setChanged] = useState(false);
  const [left, setLeft] = useState(false);
  return {
    showMissing: submitted || changed || left,
    showWrong: submitted || left,
    changed: () => setChanged(true),
    left: () => setLeft(true),
  };
}
