/**
 * §4 Forms: while a form has unsaved edits, leaving it asks first. In-app navigation (links,
 * back button) opens the leave-page dialog; closing or reloading the tab gets the browser's
 * own prompt. A form that saves and then navigates calls `allowNextNavigation()` first.
 */
import { useCallback, useEffect, useRef, type ReactElement } from "react";
import { useBlocker, type BlockerFunction } from "react-router";
import { LeavePageDialog } from "./LeavePageDialog";

export interface UnsavedChanges {
  /** The leave-page dialog; render it anywhere in the form's screen. */
  leaveDialog: ReactElement;
  /** Lets the next navigation through without asking, e.g. just after a successful save. */
  allowNextNavigation: () => void;
}

export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  // Refs, not state: a save handler calls allowNextNavigation() and navigate() in one go,
  // before any re-render could hand the router a new blocker.
  const dirtyRef = useRef(dirty);
  const allowedRef = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) allowedRef.current = false;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (allowedRef.current) {
      allowedRef.current = false;
      return false;
    }
    const leaving = currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
    return dirtyRef.current && leaving;
  }, []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (allowedRef.current) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const allowNextNavigation = useCallback(() => {
    allowedRef.current = true;
  }, []);

  const leaveDialog = (
    <LeavePageDialog open={blocker.state === "blocked"} onLeave={() => blocker.proceed?.()} onCancel={() => blocker.reset?.()} />
  );
  return { leaveDialog, allowNextNavigation };
}
