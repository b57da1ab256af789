// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNow, useToday } from "./useNow";

let renders = 0;

function Clock({ step }: { step?: number }) {
  renders += 1;
  return <output>{useNow(step)}</output>;
}

function Today() {
  renders += 1;
  return <output>{useToday()}</output>;
}

const shown = () => screen.getByRole("status").textContent;

describe("the current-date ticker", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renders = 0;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("moves on every second", () => {
    vi.setSystemTime(new Date("2026-03-01T10:00:00.400Z"));
    render(<Clock />);
    expect(shown()).toBe(String(Date.parse("2026-03-01T10:00:00.400Z")));
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBe(String(Date.parse("2026-03-01T10:00:01.400Z")));
    act(() => vi.advanceTimersByTime(3000));
    expect(shown()).toBe(String(Date.parse("2026-03-01T10:00:04.400Z")));
  });

  it("redraws a screen that counts in minutes once a minute, not every second", () => {
    vi.setSystemTime(new Date("2026-03-01T10:00:30Z"));
    render(<Clock step={60_000} />);
    const first = renders;
    act(() => vi.advanceTimersByTime(29_000));
    expect(renders).toBe(first);
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBe(String(Date.parse("2026-03-01T10:01:00Z")));
    expect(renders).toBe(first + 1);
  });

  it("turns today over at midnight within a second", () => {
    vi.setSystemTime(new Date(2026, 2, 1, 23, 59, 59, 500));
    render(<Today />);
    expect(shown()).toBe("2026-03-01");
    const first = renders;
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBe("2026-03-02");
    expect(renders).toBe(first + 1);
  });

  it("stops when the screen goes", () => {
    const { unmount } = render(<Clock />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
