/** The organisation record as the server holds it (§7): read, and changed field by field. */
import type { Organization } from "../domain/organization";
import type { ApiClient } from "./types";

export function readOrganization(client: ApiClient, orgId: string): Promise<Organization> {
  return client.request<Organization>("GET", `/organizations/${orgId}`);
}

/** Sends the changed fields; the server checks each and answers the saved record. */
export function updateOrganization(client: ApiClient, orgId: string, changes: Record<string, unknown>): Promise<Organization> {
  return client.request<Organization>("PATCH", `/organizations/${orgId}`, { body: { data: changes } });
}
