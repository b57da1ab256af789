/** The user calls a screen makes itself (§7): invite links, an invitation's organisation, a password set from a link, a reset link, a demo organisation. */
import type { Session } from "../auth/session";
import { apiBaseUrl } from "./baseUrl";
import type { ApiClient } from "./types";

/** Who invited the holder of an invite link: the organisation's name and, if any, a signed link to its logo. */
export interface Invitation {
  organizationName: string;
  logoUrl: string | null;
  /** The user may sign in to the phone app only (MOBILE_LOGIN without WEB_LOGIN). */
  phoneOnly: boolean;
}

/** The invitation behind an invite link's token (which is its only credential). */
export async function invitationOf(client: ApiClient, userId: string, token: string): Promise<Invitation> {
  const answer = await client.request<{ data: Invitation }>("GET", `/users/${encodeURIComponent(userId)}/invitation`, { auth: `Bearer ${token}` });
  const { organizationName, logoUrl, phoneOnly } = answer.data;
  // A link into this server is a path: it lives where the API does.
  return { organizationName, logoUrl: logoUrl?.startsWith("/") ? `${apiBaseUrl()}${logoUrl}` : logoUrl, phoneOnly: phoneOnly === true };
}

/** A fresh invite link for `userId`, which lets them choose a password and sign in. */
export async function createInviteLink(client: ApiClient, userId: string): Promise<string> {
  const answer = await client.request<{ data: { inviteLink: string } }>("POST", `/users/${userId}/invite-link`);
  return answer.data.inviteLink;
}

/** Sets the password of `userId` with the token of an invite or reset link; answers the new session. */
export function setPasswordFromLink(client: ApiClient, userId: string, token: string, password: string): Promise<Session> {
  return client.request<Session>("PATCH", `/users/${encodeURIComponent(userId)}`, { auth: `Bearer ${token}`, body: { password } });
}

/** Asks for a reset link for `email`; the server answers alike whether or not it matched an account. */
export async function requestPasswordReset(client: ApiClient, email: string): Promise<void> {
  await client.request("POST", "/users/reset-password", { auth: "none", body: { email } });
}

/** Opens a new throw-away demo organisation and answers its owner's session, as a login does. */
export function openDemoSession(client: ApiClient): Promise<Session> {
  return client.request<Session>("POST", "/demo", { auth: "none" });
}
