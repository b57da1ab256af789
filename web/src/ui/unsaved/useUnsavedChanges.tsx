/**
 * §4 Forms: a form tells the app's leave-page guard (`UnsavedChangesGuard`, at the root of the
 * routes) whether it holds unsaved edits; leaving while any form on screen does asks first. A
 * form that saves and then navigates calls `allowNextNavigation()` first. Outside the guard (a
 * component test's own router) a form is simply not guarded.
 */
import { useCallback, useContext, useEffect, useRef } from "react";
import { UnsavedRegistryContext } from "./UnsavedChangesGuard";
import type { RegisteredForm } from "./registry";

export interface UnsavedChanges {
  /** Lets the next navigation through without asking for this form's edits, e.g. just after a successful save. */
  allowNextNavigation: () => void;
}

const UNGUARDED: RegisteredForm = { setDirty: () => {}, allowNextNavigation: () => {}, unregister: () => {} };

export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const registry = useContext(UnsavedRegistryContext);
  const form = useRef(UNGUARDED);
  const dirtyNow = useRef(dirty);
  useEffect(() => {
    if (!registry) return undefined;
    const registered = registry.register();
    registered.setDirty(dirtyNow.current);
    form.current = registered;
    return () => {
      registered.unregister();
      form.current = UNGUARDED;
    };
  }, [registry]);
  useEffect(() => {
    dirtyNow.current = dirty;
    form.current.setDirty(dirty);
  }, [dirty]);
  const allowNextNavigation = useCallback(() => form.current.allowNextNavigation(), []);
  return { allowNextNavigation };
}
