/**
 * The forms on screen and whether each holds unsaved edits (§4 Forms). A page can hold several
 * forms (the desktop site page: the site's information and its service months), and a router
 * takes one blocker, so the app's one leave-page guard asks this registry about all of them.
 */

export interface RegisteredForm {
  /** Whether the form holds edits that leaving would discard. */
  setDirty(dirty: boolean): void;
  /** The form's edits are saved (or thrown away): they do not hold back the next navigation. */
  allowNextNavigation(): void;
  unregister(): void;
}

export interface UnsavedRegistry {
  register(): RegisteredForm;
  /** Some form holds edits not saved. */
  holdsEdits(): boolean;
  /** For a navigation away: whether it must ask first. Spends every form's allowance. */
  shouldBlock(): boolean;
}

interface Entry {
  dirty: boolean;
  allowed: boolean;
}

export function createUnsavedRegistry(): UnsavedRegistry {
  const entries = new Set<Entry>();
  const holdsEdits = () => [...entries].some((entry) => entry.dirty && !entry.allowed);
  return {
    register() {
      const entry: Entry = { dirty: false, allowed: false };
      entries.add(entry);
      return {
        setDirty(dirty) {
          // New edits after a save are not covered by that save's allowance.
          if (dirty && !entry.dirty) entry.allowed = false;
          entry.dirty = dirty;
        },
        allowNextNavigation() {
          entry.allowed = true;
        },
        unregister() {
          entries.delete(entry);
        },
      };
    },
    holdsEdits,
    shouldBlock() {
      const block = holdsEdits();
      for (const entry of entries) entry.allowed = false;
      return block;
    },
  };
}
