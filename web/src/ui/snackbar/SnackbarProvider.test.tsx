// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderThemed } from "../../test/render";
import { SNACKBAR_MS, SnackbarProvider, useSnackbar, type SnackbarApi } from "./SnackbarProvider";

let api: SnackbarApi;
function Capture() {
  api = useSnackbar();
  return null;
}

function setup() {
  renderThemed(
    <SnackbarProvider>
      <Capture />
    </SnackbarProvider>,
  );
}

function show(message: string, type?: "message" | "error" | "warning") {
  act(() => api.show(message, type));
}

// Time for the closing transition to finish after the snackbar hides.
const EXIT_MS = 300;
function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
// The hide timer fires, then the closing transition starts its own timer.
function advancePastHide() {
  advance(SNACKBAR_MS);
  advance(EXIT_MS);
}

describe("SnackbarProvider", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows a message as a status for 5 seconds", () => {
    setup();
    show("Updated barcode");
    expect(screen.getByRole("status")).toHaveProperty("textContent", "Updated barcode");
    advance(SNACKBAR_MS - 100);
    expect(screen.getByText("Updated barcode")).toBeTruthy();
    advance(100);
    advance(EXIT_MS);
    expect(screen.queryByText("Updated barcode")).toBeNull();
  });

  it("queues messages and shows them one at a time in order", () => {
    setup();
    show("first");
    show("second", "error");
    show("third", "warning");
    expect(screen.getByText("first")).toBeTruthy();
    expect(screen.queryByText("second")).toBeNull();

    advancePastHide();
    expect(screen.queryByText("first")).toBeNull();
    expect(screen.getByRole("alert").textContent).toContain("second");
    expect(screen.getByRole("alert").className).toContain("MuiAlert-colorError");

    advancePastHide();
    expect(screen.getByRole("alert").textContent).toContain("third");
    expect(screen.getByRole("alert").className).toContain("MuiAlert-colorWarning");

    advancePastHide();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  // fireEvent rather than user-event: the testing library's async helpers wait on real timers.
  it("dismisses with the Close button and moves to the next message", () => {
    setup();
    show("Equipment Deleted");
    show("Equipment swapped");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    advance(EXIT_MS);
    expect(screen.queryByText("Equipment Deleted")).toBeNull();
    expect(screen.getByText("Equipment swapped")).toBeTruthy();
  });

  it("runs a message's action once and closes it", () => {
    setup();
    const undo = vi.fn();
    act(() => api.show("Annual Inspection performed", "message", { label: "Undo", onClick: undo }));
    expect(screen.getByRole("status").textContent).toContain("Annual Inspection performed");
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    advance(EXIT_MS);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Annual Inspection performed")).toBeNull();
  });

  it("does not dismiss on a click elsewhere", () => {
    setup();
    show("Updated barcode");
    advance(100);
    fireEvent.click(document.body);
    advance(1000 + EXIT_MS);
    expect(screen.getByText("Updated barcode")).toBeTruthy();
  });

  it("needs a provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderThemed(<Capture />)).toThrow(/SnackbarProvider/);
    vi.mocked(console.error).mockRestore();
  });
});
