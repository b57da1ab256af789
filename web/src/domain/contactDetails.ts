/**
 * How a site or a customer is reached (§3 Location, §3 Customer): the same contact and address
 * fields on both, named as the spec and the server's records (crates/domain/src/records) name
 * them. Each is optional text.
 */
export const CONTACT_FIELDS = ["contact", "phone", "cell", "email", "fax"] as const;
export const ADDRESS_FIELDS = ["address", "addressTwo", "city", "country", "province", "postalCode"] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export type ContactDetails = { [F in ContactField | AddressField]?: string | null };
