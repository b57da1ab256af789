// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { Profiler } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { preferLessMotion, renderThemed } from "../test/render";
import { ListSkeleton } from "./ListSkeleton";

const faded = () => screen.getByRole("progressbar", { name: "Loading..." }).closest("[data-loading-fade]") as HTMLElement;

describe("the loading fade (§9: 400 ms)", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("fades a list's skeleton in over 400 ms", () => {
    preferLessMotion(false);
    renderThemed(<ListSkeleton />);
    expect(getComputedStyle(faded()).animation).toMatch(/ 400ms /);
  });

  it("is the browser's to run: the skeleton renders once, not again as its fade starts and ends", () => {
    vi.useFakeTimers();
    preferLessMotion(false);
    const commits = vi.fn();
    renderThemed(
      <Profiler id="skeleton" onRender={commits}>
        <ListSkeleton />
      </Profiler>,
    );
    act(() => vi.advanceTimersByTime(1_000));
    expect(faded()).toBeTruthy();
    expect(commits).toHaveBeenCalledTimes(1);
  });

  it("keeps the skeleton's rows still once shown: the Syncing spinner says the list is on its way", () => {
    preferLessMotion(false);
    renderThemed(<ListSkeleton />);
    const rows = faded().querySelectorAll(".MuiSkeleton-root");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.className).not.toMatch(/MuiSkeleton-(pulse|wave)/);
  });

  it("shows it at once for those who ask for less motion", () => {
    preferLessMotion(true);
    renderThemed(<ListSkeleton />);
    expect(getComputedStyle(faded()).animation).toBe("none");
  });
});
