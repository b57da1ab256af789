/**
 * Which app makes a call (spec §6 WEB_LOGIN and MOBILE_LOGIN): the installed app on a device
 * is the phone app, a browser tab the web app. Every call to the API says so in
 * {@link CLIENT_HEADER}; the server lets a user sign in only to the app their permissions name.
 */
export type ClientApp = "web" | "mobile";

export const CLIENT_HEADER = "X-Fieldtag-Client";

/** Display modes of an installed web app (the manifest asks for standalone; a browser may fall back). */
const INSTALLED_MODES = ["standalone", "fullscreen", "minimal-ui"];

interface Surroundings {
  matchMedia?: (query: string) => { matches: boolean };
  /** iOS Safari says `standalone` on the home-screen app, and has no display-mode query for it. */
  navigator?: { standalone?: boolean };
}

export function clientApp(surroundings: Surroundings = globalThis as Surroundings): ClientApp {
  if (surroundings.navigator?.standalone === true) return "mobile";
  const installed = INSTALLED_MODES.some((mode) => surroundings.matchMedia?.(`(display-mode: ${mode})`).matches === true);
  return installed ? "mobile" : "web";
}

/** The header that names this app, for calls made without the API client. */
export function clientAppHeader(): Record<string, string> {
  return { [CLIENT_HEADER]: clientApp() };
}
