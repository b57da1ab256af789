// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SignaturePad } from "./SignaturePad";

// jsdom draws nothing: a 2D context that accepts every call stands in (the browser test draws for real).
function fakeContext(): CanvasRenderingContext2D {
  return new Proxy({} as CanvasRenderingContext2D, {
    get: (target, key) => (key in target ? target[key as keyof CanvasRenderingContext2D] : () => undefined),
    set: (target, key, value) => Reflect.set(target, key, value),
  });
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(() => fakeContext() as never);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("SignaturePad", () => {
  it("is a labelled drawing area with a hint, and Clear answers no signature", () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Customer Signature" onChange={onChange} />);
    const group = screen.getByRole("group", { name: "Customer Signature" });
    const pad = screen.getByRole("img", { name: "Customer Signature" });
    expect(group.contains(pad)).toBe(true);
    expect(pad.tagName).toBe("CANVAS");
    expect(screen.getByText("Sign with a finger, a stylus or the mouse.").id).toBe(pad.getAttribute("aria-describedby"));
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });

  it("answers the drawing as a PNG after each stroke", () => {
    const onChange = vi.fn();
    const png = new Blob(["png"], { type: "image/png" });
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation(function (callback, type) {
      expect(type).toBe("image/png");
      callback(png);
    });
    render(<SignaturePad label="Customer Signature" onChange={onChange} />);
    const pad = screen.getByRole("img", { name: "Customer Signature" });
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, buttons: 1, pointerId: 1, isPrimary: true });
    fireEvent.pointerMove(document, { clientX: 40, clientY: 30, buttons: 1, pointerId: 1, isPrimary: true });
    fireEvent.pointerUp(document, { clientX: 40, clientY: 30, pointerId: 1, isPrimary: true });
    expect(toBlob).toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledWith(png);
  });

  it("takes no strokes while disabled", () => {
    render(<SignaturePad label="Customer Signature" onChange={vi.fn()} disabled />);
    expect(screen.getByRole("button", { name: "Clear" })).toHaveProperty("disabled", true);
  });
});
