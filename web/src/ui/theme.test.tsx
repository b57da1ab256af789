// @vitest-environment jsdom
import { Button, Dialog } from "@mui/material";
import { cleanup, fireEvent, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RIPPLE_MS, deviceForWidth, spacing, theme, useDevice } from "./theme";
import { renderThemed, setViewportWidth } from "../test/render";

describe("theme", () => {
  afterEach(cleanup);

  it("holds the §9 constants", () => {
    expect(theme.palette.primary.main).toBe("#2e7d32");
    expect(theme.shape.borderRadius).toBe(12);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => theme.spacing(n))).toEqual(["0px", "2px", "4px", "8px", "16px", "24px", "32px", "48px", "70px"]);
    expect(theme.spacing(4, 5)).toBe("16px 24px");
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
    expect(theme.zIndex.modal).toBe(500);
    expect(theme.zIndex.snackbar).toBe(600);
    expect(theme.zIndex.appBar).toBeLessThan(theme.zIndex.modal);
    expect(theme.zIndex.drawer).toBeLessThan(theme.zIndex.modal);
  });

  it("answers fractions and steps past the scale, as MUI's own components ask", () => {
    expect(spacing(4.5)).toBe(20);
    expect(spacing(-2)).toBe(-4);
    expect(spacing(9)).toBe(92);
  });

  it("puts dialogs on the 500 layer", () => {
    renderThemed(<Dialog open aria-label="Note" />);
    const root = screen.getByRole("dialog").closest(".MuiModal-root") as HTMLElement;
    expect(getComputedStyle(root).zIndex).toBe("500");
  });

  it("grows and fades a tap's ripple in a fifth of a second each way", async () => {
    // While anything moves the page draws every frame; the first taps after login fall in the
    // first download, whose keystrokes waited behind MUI's 0.55 s ripples.
    renderThemed(<Button>Sites</Button>);
    fireEvent.mouseDown(screen.getByRole("button", { name: "Sites" }));
    // MUI mounts a button's ripple on its first touch, a moment later.
    const ripple = await vi.waitFor(() => document.querySelector(".MuiTouchRipple-rippleVisible") ?? Promise.reject(new Error("no ripple yet")));
    expect(getComputedStyle(ripple).animationDuration).toBe(`${RIPPLE_MS}ms`);
  });

  it("tells mobile under 600 px, tablet under 900, desktop otherwise", () => {
    expect([0, 375, 599, 600, 899, 900, 1920].map(deviceForWidth)).toEqual(["mobile", "mobile", "mobile", "tablet", "tablet", "desktop", "desktop"]);
    const cases: [number, string][] = [
      [375, "mobile"],
      [599, "mobile"],
      [600, "tablet"],
      [899, "tablet"],
      [900, "desktop"],
    ];
    for (const [width, device] of cases) {
      setViewportWidth(width);
      expect(renderHook(() => useDevice()).result.current).toBe(device);
    }
  });
});
