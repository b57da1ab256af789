// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { preferLessMotion, renderThemed } from "../test/render";
import { LoadingPage } from "./LoadingPage";

it("fades the loading page in over 400 ms (§9)", () => {
  preferLessMotion(false);
  renderThemed(<LoadingPage />);
  const faded = screen.getByRole("progressbar", { name: "Loading..." }).closest("[data-loading-fade]") as HTMLElement;
  expect(getComputedStyle(faded).animation).toMatch(/ 400ms /);
});
