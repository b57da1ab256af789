import { describe, expect, it } from "vitest";
import { SUPPORT_EMAIL, barcodeOrderMailto } from "./support";

describe("the support mailto link for barcode orders (§7)", () => {
  it("is addressed to support, names the organisation and who orders, and leaves the quantity to fill in", () => {
    const link = barcodeOrderMailto(
      { id: "0a", name: "Acme Fire & Safety", address: "12 Dock St", city: "Halifax", province: "NS", postalCode: "B3H 1A1", country: "Canada" },
      { name: "Dana Reyes", email: "dana@acme.test" },
    );
    const url = new URL(link);
    expect(url.protocol).toBe("mailto:");
    expect(decodeURIComponent(url.pathname)).toBe(SUPPORT_EMAIL);
    // mailto bodies use %20 for spaces (RFC 6068), never '+'.
    expect(link).not.toContain("+");
    const subject = decodeURIComponent(link.match(/subject=([^&]*)/)![1]!);
    const body = decodeURIComponent(link.match(/body=([^&]*)/)![1]!);
    expect(subject).toBe("Barcode order: Acme Fire & Safety");
    expect(body.split("\r\n")).toEqual([
      "Organisation: Acme Fire & Safety (0a)",
      "Ordered by: Dana Reyes <dana@acme.test>",
      "Ship to: 12 Dock St, Halifax, NS, B3H 1A1, Canada",
      "How many barcodes: ",
      "",
    ]);
  });

  it("works before the organisation has arrived on the device", () => {
    const body = decodeURIComponent(barcodeOrderMailto(null, { name: "Dana Reyes", email: "dana@acme.test" }).match(/body=([^&]*)/)![1]!);
    expect(body).toContain("Ordered by: Dana Reyes <dana@acme.test>");
    expect(body).not.toContain("Organisation:");
  });
});
