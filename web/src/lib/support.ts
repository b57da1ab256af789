/**
 * Support, as the app reaches it: the address barcode orders go to, and the mailto link that
 * opens a barcode order in the user's mail app (§7 'A support mailto link for barcode orders').
 * The spec names no address: it is set when the app is built (VITE_FIELDTAG_SUPPORT_EMAIL), here
 * and nowhere else.
 */
import { t } from "./strings";

export const SUPPORT_EMAIL: string = import.meta.env.VITE_FIELDTAG_SUPPORT_EMAIL || "support@fieldtag.local";

interface OrderingOrganization {
  id: string;
  name?: string;
  [field: string]: unknown;
}

const ADDRESS_FIELDS = ["address", "addressTwo", "city", "province", "postalCode", "country"] as const;

/** A mailto link for a barcode order, filled with what support needs to ship it. */
export function barcodeOrderMailto(organization: OrderingOrganization | null, user: { name?: string; email?: string }): string {
  const name = organization?.name ?? "";
  const address = organization
    ? ADDRESS_FIELDS.map((field) => organization[field])
        .filter((part): part is string => typeof part === "string" && part.trim() !== "")
        .join(", ")
    : "";
  const lines = [
    organization && t("barcodeOrderOrganization", { organization: name, id: organization.id }),
    t("barcodeOrderBy", { name: user.name ?? "", email: user.email ?? "" }),
    address ? t("barcodeOrderShipTo", { address }) : null,
    t("barcodeOrderHowMany"),
    "",
  ].filter((line): line is string => typeof line === "string");
  // encodeURIComponent, not URLSearchParams: mail apps read '+' literally (RFC 6068).
  const subject = encodeURIComponent(t("barcodeOrderSubject", { organization: name }).trim());
  return `mailto:${SUPPORT_EMAIL}?subject=${subject}&body=${encodeURIComponent(lines.join("\r\n"))}`;
}
