/**
 * A form's working copy of a stored record (§4 Forms): it follows the stored record until the
 * user edits (a sync may bring a newer copy), and while the edits differ from it, leaving the
 * page asks first. `settled()` after a save or delete lets the next navigation through.
 */
import { useCallback, useEffect, useState } from "react";
import { useUnsavedChanges } from "../unsaved/useUnsavedChanges";

export interface Draft<D> {
  draft: D;
  change: (next: Partial<D> | ((current: D) => Partial<D>)) => void;
  dirty: boolean;
  /** The edits are saved (or thrown away): follow the stored record again and let the next navigation go. */
  settled: () => void;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `initial` must keep its identity while the stored record is unchanged (useMemo). */
export function useDraft<D extends object>(initial: D, same: (a: D, b: D) => boolean = sameJson): Draft<D> {
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) setDraft(initial);
  }, [initial, touched]);
  const dirty = touched && !same(draft, initial);
  const unsaved = useUnsavedChanges(dirty);
  const change = useCallback((next: Partial<D> | ((current: D) => Partial<D>)) => {
    setTouched(true);
    setDraft((current) => ({ ...current, ...(typeof next === "function" ? next(current) : next) }));
  }, []);
  const { allowNextNavigation } = unsaved;
  const settled = useCallback(() => {
    setTouched(false);
    allowNextNavigation();
  }, [allowNextNavigation]);
  return { draft, change, dirty, settled };
}
