/**
 * A settings form's values: they follow the stored record until the user edits (a sync may
 * bring a newer copy), and `dirty` says whether the edits differ from it, for the leave-page
 * dialog (§4 Forms).
 */
import { useCallback, useEffect, useState } from "react";

export interface Draft<T> {
  draft: T;
  change: (next: Partial<T>) => void;
  dirty: boolean;
  /** Back to following the stored record (after a save). */
  settle: () => void;
}

export function useDraft<T extends object>(initial: T, same: (a: T, b: T) => boolean = sameValues): Draft<T> {
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) setDraft(initial);
  }, [initial, touched]);
  const change = useCallback((next: Partial<T>) => {
    setTouched(true);
    setDraft((current) => ({ ...current, ...next }));
  }, []);
  const settle = useCallback(() => setTouched(false), []);
  return { draft, change, dirty: touched && !same(draft, initial), settle };
}

export function sameValues<T extends object>(a: T, b: T): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
