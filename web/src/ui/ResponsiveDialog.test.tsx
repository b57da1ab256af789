// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResponsiveDialog } from "./ResponsiveDialog";
import { renderThemed, setViewportWidth } from "../test/render";

function renderDialog(onClose = vi.fn()) {
  renderThemed(
    <ResponsiveDialog open onClose={onClose} title="Note" actions={<button type="button">Ok</button>}>
      Gate code 1234
    </ResponsiveDialog>,
  );
  return onClose;
}

// The element MUI lays the dialog out in: a flex box that centres or bottom-aligns the paper.
function container(): HTMLElement {
  return screen.getByRole("dialog").parentElement as HTMLElement;
}

describe("ResponsiveDialog", () => {
  afterEach(cleanup);

  it("is named by its title and shows its content and actions", () => {
    setViewportWidth(1280);
    renderDialog();
    const dialog = screen.getByRole("dialog", { name: "Note" });
    expect(dialog.textContent).toContain("Gate code 1234");
    expect(screen.getByRole("button", { name: "Ok" })).toBeTruthy();
  });

  it("is anchored to the bottom and full width on a 375 px screen", () => {
    setViewportWidth(375);
    renderDialog();
    expect(getComputedStyle(container()).alignItems).toBe("flex-end");
    const paper = getComputedStyle(screen.getByRole("dialog"));
    expect(paper.width).toBe("100%");
    expect(paper.margin).toBe("0px");
  });

  it("is centred on tablet and desktop", () => {
    for (const width of [700, 1280]) {
      setViewportWidth(width);
      renderDialog();
      expect(getComputedStyle(container()).alignItems).toBe("center");
      expect(getComputedStyle(screen.getByRole("dialog")).width).not.toBe("100%");
      cleanup();
    }
  });

  it("closes on Escape", async () => {
    setViewportWidth(375);
    const onClose = renderDialog();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
