/**
 * The sites list's search, in the screen's own state: each key shows at once, and the list
 * follows as a deferred render. Remembered in the tab's session storage for coming back (going
 * back from a site, or a reload, finds it again), not written into the address: each change of
 * the address rendered the whole app again behind the keystroke, and a write held back until
 * typing paused could cut short the navigation to a site tapped meanwhile.
 */
import { useEffect, useState } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "fieldtag:sites-search";

/** The navigation state of a change on the list that keeps its search (a tab chosen). */
export const KEEP_SEARCH = { keepSearch: true } as const;

function remembered(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? "";
  } catch {
    return ""; // Storage refused (a private window's quota, a policy): the search starts empty.
  }
}

function remember(key: string, text: string): void {
  try {
    if (text) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  } catch {
    // Not kept: coming back starts empty.
  }
}

/** Answers the search text and its setter; remembered per user, so another's never shows. */
export function useRememberedSearch(userId: string | undefined): [string, (text: string) => void] {
  const storageKey = `${STORAGE_KEY}:${userId ?? ""}`;
  const location = useLocation();
  const type = useNavigationType();
  const [search, setSearch] = useState(() => ({ key: location.key, text: type === "POP" ? remembered(storageKey) : "" }));
  if (location.key !== search.key) {
    // Opened anew while it shows (the Sites link, which on the same address replaces it): a new
    // search. A tab chosen, or going back and forth, keeps it.
    const keep = type === "POP" || (location.state as Partial<typeof KEEP_SEARCH> | null)?.keepSearch === true;
    setSearch({ key: location.key, text: keep ? search.text : "" });
  }
  // What is shown is what comes back: a search emptied by opening the list anew is forgotten too.
  useEffect(() => remember(storageKey, search.text), [storageKey, search.text]);
  return [search.text, (text) => setSearch((current) => ({ ...current, text }))];
}
