/**
 * The sites list's search, in the screen's own state: each key shows at once, and the list
 * follows as a deferred render. Remembered in the tab's session storage for coming back (going
 * back from a site, or a reload, finds it again), not written into the address: each change of
 * the address rendered the whole app again behind the keystroke, and a write held back until
 * typing paused could cut short the navigation to a site tapped meanwhile.
 */
import { useState } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "fieldtag:sites-search";

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
  const { key } = useLocation();
  const type = useNavigationType();
  const [search, setSearch] = useState(() => ({ key, text: type === "POP" ? remembered(storageKey) : "" }));
  if (key !== search.key) {
    // A new visit while the list shows (the Sites link) starts a new search; a tab changed or
    // going back keeps it.
    setSearch({ key, text: type === "PUSH" ? "" : search.text });
  }
  const setText = (text: string) => {
    remember(storageKey, text);
    setSearch((current) => ({ ...current, text }));
  };
  return [search.text, setText];
}
