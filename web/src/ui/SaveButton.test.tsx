// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SAVE_FEEDBACK_MS, SaveButton } from "./SaveButton";
import { renderThemed } from "../test/render";

function renderForm({ disabled = false } = {}) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  renderThemed(
    <form onSubmit={onSubmit}>
      <label>
        Name
        <input name="name" />
      </label>
      <SaveButton disabled={disabled} />
    </form>,
  );
  return onSubmit;
}

describe("SaveButton", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("submits the form and shows Saving... for 2 seconds", () => {
    vi.useFakeTimers();
    const onSubmit = renderForm();
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("type")).toBe("submit");

    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const saving = screen.getByRole("button", { name: /Saving\.\.\./ });
    expect(saving).toHaveProperty("disabled", true);
    expect(screen.getByRole("progressbar")).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(SAVE_FEEDBACK_MS - 1);
    });
    expect(screen.getByRole("button", { name: /Saving\.\.\./ })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", false);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("shows the loading state when Enter submits from a field", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Pump{Enter}");
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: /Saving\.\.\./ })).toBeTruthy();
  });

  it("stays disabled and does not submit while the form has errors", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm({ disabled: true });
    const button = screen.getByRole("button", { name: "Save" });
    expect(button).toHaveProperty("disabled", true);
    fireEvent.click(button);
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Pump{Enter}");
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: /Saving/ })).toBeNull();
  });

  it("takes its own label, and outside a form starts on click", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderThemed(<SaveButton onClick={onClick}>Add</SaveButton>);
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: /Saving\.\.\./ })).toBeTruthy();
  });
});
