// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { preferLessMotion, renderThemed } from "../test/render";
import { ListSkeleton } from "./ListSkeleton";

const faded = () => screen.getByRole("progressbar", { name: "Loading..." }).closest("[data-loading-fade]") as HTMLElement;

describe("the loading fade (§9: 400 ms)", () => {
  afterEach(cleanup);

  it("fades a list's skeleton in over 400 ms", () => {
    preferLessMotion(false);
    renderThemed(<ListSkeleton />);
    expect(faded().style.transition).toMatch(/^opacity 400ms/);
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
    expect(faded().style.transition).toMatch(/^opacity 0ms/);
  });
});
