/**
 * The app's one leave-page guard (§2, §4 Forms): every form on screen registers whether it
 * holds unsaved edits (`useUnsavedChanges`), and leaving while any does — a link, the back
 * button, a redirect — opens the leave-page dialog, Leave or Cancel. Closing or reloading the
 * tab gets the browser's own prompt. A route element: it renders the routes below it.
 */
import { createContext, useCallback, useEffect, useState } from "react";
import { Outlet, useBlocker, type BlockerFunction } from "react-router";
import { LeavePageDialog } from "./LeavePageDialog";
import { type UnsavedRegistry, createUnsavedRegistry } from "./registry";

export const UnsavedRegistryContext = createContext<UnsavedRegistry | null>(null);

export function UnsavedChangesGuard() {
  const [registry] = useState(createUnsavedRegistry);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) && registry.shouldBlock(),
    [registry],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!registry.holdsEdits()) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [registry]);

  return (
    <UnsavedRegistryContext.Provider value={registry}>
      <Outlet />
      <LeavePageDialog open={blocker.state === "blocked"} onLeave={() => blocker.proceed?.()} onCancel={() => blocker.reset?.()} />
    </UnsavedRegistryContext.Provider>
  );
}
