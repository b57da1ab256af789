/**
 * When each full-screen overlay of §2/§4 shows. Pure, so each condition is tested on its own:
 * - terms: the user's accepted terms version differs from the current one, '1.0.1';
 * - completing sign-up: back from the hosted checkout, until the provider's confirmation
 *   (its webhook) reaches the organisation;
 * - canceled: the organisation is inactive (a canceled subscription or a lapsed trial);
 * - trial start: billing is not set up, the organisation is not manually billed and the user
 *   is not on welcome, login or sign-up.
 * At most one shows, in that order.
 */
import type { User } from "../../auth/session";
import { can } from "../../auth/session";

export const CURRENT_TERMS_VERSION = "1.0.1";

export interface BillingOrganization {
  id: string;
  active?: boolean;
  manualBilling?: boolean;
  hasSetUpBilling?: boolean;
  subscriptionStatus?: string | null;
  [field: string]: unknown;
}

export type Overlay = "terms" | "completingSignUp" | "canceled" | "trialStart";

/** Routes where the trial prompt never shows: welcome, login and sign-up. */
export function onOnboardingRoute(pathname: string): boolean {
  return pathname === "/" || pathname === "/welcome" || pathname === "/sign-up" || pathname.startsWith("/sign-up/");
}

const LIVE = new Set(["active", "trialing", "past_due"]);

export function needsTerms(user: User | null): boolean {
  return !!user && user.acceptedTermsVersion !== CURRENT_TERMS_VERSION;
}

/** Back from the checkout (`/welcome?checkout=...`) and the subscription not live yet. */
export function completingSignUp(org: BillingOrganization | null, pathname: string, search: string): boolean {
  if (!org || pathname !== "/welcome" || !new URLSearchParams(search).has("checkout")) return false;
  return !(LIVE.has(org.subscriptionStatus ?? "") && org.active !== false);
}

export function subscriptionCanceled(org: BillingOrganization | null): boolean {
  return !!org && org.active === false;
}

export function trialStartDue(org: BillingOrganization | null, pathname: string): boolean {
  return !!org && org.hasSetUpBilling !== true && org.manualBilling !== true && !onOnboardingRoute(pathname);
}

/** The overlay to show now, if any. `dismissed` lists the ones the user put off this session. */
export function overlayFor(
  user: User | null,
  org: BillingOrganization | null,
  location: { pathname: string; search: string },
  dismissed: ReadonlySet<Overlay> = new Set(),
): Overlay | null {
  const candidates: [Overlay, boolean][] = [
    ["terms", needsTerms(user)],
    ["completingSignUp", completingSignUp(org, location.pathname, location.search)],
    ["canceled", subscriptionCanceled(org)],
    // Starting the subscription is an administrator's step; the others go on working in the trial.
    ["trialStart", trialStartDue(org, location.pathname) && can(user, "SETTINGS_WRITE")],
  ];
  return candidates.find(([overlay, due]) => due && !dismissed.has(overlay))?.[0] ?? null;
}
