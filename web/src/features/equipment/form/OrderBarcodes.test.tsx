// @vitest-environment jsdom
import { cleanup, configure, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setViewportWidth } from "../../../test/render";
import { type Device, SITE, catalogueSeeds, openDevice, renderRoutes } from "../../../test/equipment/device";
import { equipmentRoutes } from "../routes";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

let device: Device | null = null;

beforeEach(() => setViewportWidth(375));
afterEach(() => {
  cleanup();
  device?.tab.close();
  device = null;
  localStorage.clear();
});

describe("ordering barcodes from New Equipment", () => {
  it("offers the support mailto link for barcode orders under Barcode", async () => {
    device = await openDevice(catalogueSeeds(), ["*.*"]);
    renderRoutes(device, `/sites/${SITE}/equipment/new`, equipmentRoutes);
    const link = await screen.findByRole("link", { name: "Order Barcodes" });
    expect(link.getAttribute("href")).toMatch(/^mailto:[^?]+\?subject=Barcode%20order/);
    const barcode = screen.getByRole("textbox", { name: "Barcode" });
    expect(document.getElementById(barcode.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Need barcode labels? Order Barcodes");
  });
});
