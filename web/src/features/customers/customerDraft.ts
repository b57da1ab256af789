/**
 * A customer (§3) as its form edits it, and the record it saves to. §5: the name is required;
 * the account number is required too (§3 lists it among a customer's required fields); the
 * email must be valid when filled.
 */
import { ADDRESS_FIELDS, CONTACT_FIELDS } from "../../domain/contactDetails";
import { byName } from "../../domain/names";
import type { Customer } from "../../domain/records";
import { matches } from "../../domain/search";
import { textError } from "../../ui/forms/validation";

const FIELDS = ["name", "accountNumber", ...CONTACT_FIELDS, ...ADDRESS_FIELDS] as const;

export type CustomerField = (typeof FIELDS)[number];

export type CustomerDraft = Record<CustomerField, string>;

/** A customer as the form hands it to the sync engine, which stamps `lastUpdated`. */
export type CustomerInput = Partial<Customer> & { id: string; orgId: string; name: string };

const asText = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

export function draftOf(customer: Customer | undefined): CustomerDraft {
  return Object.fromEntries(FIELDS.map((field) => [field, asText(customer?.[field])])) as CustomerDraft;
}

export function sameDraft(a: CustomerDraft, b: CustomerDraft): boolean {
  return FIELDS.every((field) => a[field] === b[field]);
}

export function draftValid(draft: CustomerDraft): boolean {
  return (
    textError(draft.name, { required: true }) === undefined &&
    textError(draft.accountNumber, { required: true }) === undefined &&
    textError(draft.email, { type: "email" }) === undefined
  );
}

/** The record the draft saves: other stored fields kept, text trimmed, empty optional fields null. */
export function recordOf(draft: CustomerDraft, base: { id: string; orgId: string } & Partial<Customer>): CustomerInput {
  const fields = Object.fromEntries(FIELDS.map((field) => [field, draft[field].trim() === "" ? null : draft[field].trim()]));
  return { ...base, ...fields, name: draft.name.trim(), accountNumber: draft.accountNumber.trim() };
}

/** The customers matching `query` (§5 search rule) over name, account number and contact details, by name. */
export function searchCustomers(customers: readonly Customer[], query: string): Customer[] {
  return customers
    .filter((c) => matches(query, [c.name, asText(c.accountNumber), asText(c.contact), asText(c.phone), asText(c.email), asText(c.address), asText(c.city), asText(c.postalCode)]))
    .sort(byName);
}
