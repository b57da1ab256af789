/**
 * Leaving one's organisation for the demo ends with the device cleared, which reloads the page;
 * this tab's session storage carries the wish to open the demo across that reload (and only
 * in this tab: no link can ask for it). The wish counts only in a page loaded after it was
 * made: the login screen shows before the reload too, and must not open the demo then.
 */
const KEY = "fieldtag.openDemoAfterReload";

export function openDemoAfterReload(now = Date.now()): void {
  sessionStorage.setItem(KEY, String(now));
}

/** Whether the demo was asked for before this page loaded; asks only once. */
export function takeDemoWish(pageLoadedAt = performance.timeOrigin): boolean {
  const madeAt = Number(sessionStorage.getItem(KEY));
  if (!madeAt || madeAt >= pageLoadedAt) return false;
  sessionStorage.removeItem(KEY);
  return true;
}
