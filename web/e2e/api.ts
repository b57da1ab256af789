/**
 * The server's API as the browser tests use it beside the app: an organisation signed up and
 * its catalogue uploaded the way another device (the office) would, members added through an
 * invite, and what the server holds read back through the sync download.
 */
import { randomBytes } from "node:crypto";
import type { Server } from "./harness";

export interface Account {
  email: string;
  password: string;
  token: string;
  orgId: string;
  userId: string;
}

export const PASSWORD = "correct horse 1";

export function newId(): string {
  return randomBytes(16).toString("hex");
}

async function call<T>(server: Server, method: string, path: string, init: { token?: string; auth?: string; body?: unknown; client?: "web" | "mobile" }): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Fieldtag-Client": init.client ?? "web" };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.auth) headers.Authorization = init.auth;
  const response = await fetch(`${server.url}/api${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** §9: the terms version every user has accepted before using the app. */
export const TERMS_VERSION = "1.0.1";

interface LoginAnswer {
  token: string;
  user: { id: string; orgId: string };
}

export async function signUpByApi(server: Server, email: string, company = "Acme Fire"): Promise<Account> {
  const answer = await call<LoginAnswer>(server, "POST", "/users", {
    // As the sign-up form sends it: the terms were accepted there.
    body: { name: "Olive Office", email, password: PASSWORD, organizationName: company, plan: "Basic", acceptedTermsVersion: TERMS_VERSION },
  });
  return { email, password: PASSWORD, token: answer.token, orgId: answer.user.orgId, userId: answer.user.id };
}

export type UploadAnswer = Record<string, { status: string; id: string; reason?: string }[]>;

/** Uploads records as another device would; answers the server's verdict per record. */
export async function upload(server: Server, account: Account, body: Record<string, unknown[]>): Promise<UploadAnswer> {
  return call<UploadAnswer>(server, "PATCH", `/organizations/${account.orgId}/sync`, { token: account.token, body });
}

/** Uploads and insists every record is accepted. */
export async function uploadAll(server: Server, account: Account, body: Record<string, unknown[]>): Promise<void> {
  const answer = await upload(server, account, body);
  for (const [kind, list] of Object.entries(answer)) {
    if (!Array.isArray(list)) continue;
    const refused = list.filter((item) => item.status !== "accepted");
    if (refused.length > 0) throw new Error(`${kind}: ${JSON.stringify(refused)}`);
  }
}

type Download = Record<string, Record<string, unknown>[]>;

/** Everything the server holds for the organisation, as a fresh device would download it. */
export async function download(server: Server, account: Account): Promise<Download> {
  const all: Download = {};
  let cursor = 0;
  for (;;) {
    const page = await call<Download & { cursor: number; hasMore: boolean }>(server, "GET", `/organizations/${account.orgId}/sync?cursor=${cursor}`, {
      token: account.token,
    });
    for (const [kind, list] of Object.entries(page)) {
      if (Array.isArray(list)) (all[kind] ??= []).push(...list);
    }
    cursor = page.cursor;
    if (!page.hasMore) return all;
  }
}

export async function patchOrganization(server: Server, account: Account, data: Record<string, unknown>): Promise<void> {
  await call(server, "PATCH", `/organizations/${account.orgId}`, { token: account.token, body: { data } });
}

/** A member with these permissions, invited by `owner` and with a password set from the link. */
export async function addMember(server: Server, owner: Account, email: string, permissions: string[]): Promise<Account> {
  const userId = newId();
  await uploadAll(server, owner, {
    users: [{ id: userId, orgId: owner.orgId, name: "Tess Tech", email, permissions, invitationStatus: 0, lastUpdated: new Date().toISOString() }],
  });
  const { data } = await call<{ data: { inviteLink: string } }>(server, "POST", `/users/${userId}/invite-link`, { token: owner.token });
  const link = new URL(data.inviteLink);
  // A member who may sign in only to the phone app sets the password from it.
  const phoneOnly = permissions.includes("MOBILE_LOGIN") && !permissions.includes("WEB_LOGIN") && !permissions.includes("*.*");
  const answer = await call<LoginAnswer>(server, "PATCH", `/users/${userId}`, {
    auth: `Bearer ${link.searchParams.get("token")}`,
    body: { password: PASSWORD },
    client: phoneOnly ? "mobile" : "web",
  });
  // The terms, as the member accepts them at their first sign-in.
  await call(server, "POST", `/users/${userId}/accepted-terms`, { token: answer.token, body: { version: TERMS_VERSION } });
  return { email, password: PASSWORD, token: answer.token, orgId: owner.orgId, userId };
}
