/** The billing calls of §7 and the terms record, through the app's API client. */
import type { ApiClient } from "../../api/types";
import type { User } from "../../auth/session";
import { CURRENT_TERMS_VERSION } from "./conditions";
import { track } from "../../offline/analytics/track";

export async function checkoutUrl(client: ApiClient, orgId: string): Promise<string> {
  const answer = await client.request<{ session: { id: string; url: string } }>("POST", `/organizations/${orgId}/payments/session`);
  track("SUBSCRIPTION", "checkout");
  return answer.session.url;
}

export async function customerPortalUrl(client: ApiClient, orgId: string): Promise<string> {
  const answer = await client.request<{ data: { session: { url: string } } }>("POST", `/organizations/${orgId}/payments/customer-portal-session`);
  track("SUBSCRIPTION", "billing_portal");
  return answer.data.session.url;
}

/** Records the current terms version for the signed-in user; answers the user record. */
export function acceptTerms(client: ApiClient, userId: string): Promise<User> {
  return client.request<User>("POST", `/users/${userId}/accepted-terms`, { body: { version: CURRENT_TERMS_VERSION } });
}

/** Sends the browser to a page of the payment provider. */
export function goTo(url: string): void {
  globalThis.location.assign(url);
}
