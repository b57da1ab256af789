// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HelpButton, type Tooltip } from "./TooltipDialog";
import { renderThemed, setViewportWidth } from "../test/render";

const dueWhen: Tooltip = {
  title: "Due When",
  text: "All: every condition must be met.\n\nAny: one condition is enough.",
};

const withVideo: Tooltip = { ...dueWhen, video: { src: "/videos/due-when.mp4", captions: "/videos/due-when.en.vtt" } };

describe("the tooltip dialog", () => {
  beforeEach(() => setViewportWidth(1280));
  afterEach(cleanup);

  it("opens from its help button, named by its topic, with the title and text, and closes back to the button", async () => {
    const user = userEvent.setup();
    renderThemed(<HelpButton tooltip={dueWhen} />);
    const button = screen.getByRole("button", { name: "Help: Due When" });
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Due When" });
    expect(within(dialog).getByText("All: every condition must be met.")).toBeTruthy();
    expect(within(dialog).getByText("Any: one condition is enough.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it("has no player without a video", async () => {
    const user = userEvent.setup();
    renderThemed(<HelpButton tooltip={dueWhen} />);
    await user.click(screen.getByRole("button", { name: "Help: Due When" }));
    const dialog = await screen.findByRole("dialog", { name: "Due When" });
    expect(dialog.querySelector("video")).toBeNull();
  });

  it("plays its video with controls and an English captions track", async () => {
    const user = userEvent.setup();
    renderThemed(<HelpButton tooltip={withVideo} />);
    await user.click(screen.getByRole("button", { name: "Help: Due When" }));
    const dialog = await screen.findByRole("dialog", { name: "Due When" });
    const video = dialog.querySelector("video")!;
    expect(video.getAttribute("src")).toBe("/videos/due-when.mp4");
    expect(video.hasAttribute("controls")).toBe(true);
    expect(video.getAttribute("aria-label")).toBe("Video: Due When");
    const track = video.querySelector("track")!;
    expect(track.getAttribute("kind")).toBe("captions");
    expect(track.getAttribute("src")).toBe("/videos/due-when.en.vtt");
    expect(track.getAttribute("srclang")).toBe("en");
  });

  it("says so instead of showing a broken player when the video cannot be loaded", async () => {
    const user = userEvent.setup();
    renderThemed(<HelpButton tooltip={withVideo} />);
    await user.click(screen.getByRole("button", { name: "Help: Due When" }));
    const dialog = await screen.findByRole("dialog", { name: "Due When" });
    fireEvent.error(dialog.querySelector("video")!);
    expect(dialog.querySelector("video")).toBeNull();
    expect(within(dialog).getByText("The video could not be loaded.")).toBeTruthy();
    expect(within(dialog).getByText("All: every condition must be met.")).toBeTruthy();
  });
});
