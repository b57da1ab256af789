// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { allowServiceWorker, useServiceWorkerAllowed } from "./serviceWorkerGate";

function Probe() {
  return <p>{useServiceWorkerAllowed() ? "allowed" : "waiting"}</p>;
}

describe("the service worker's registration", () => {
  afterEach(cleanup);

  it("waits for the session's first sync, then is allowed in every part of the app that asks", async () => {
    render(<Probe />);
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.getByText("waiting")).toBeTruthy();

    await act(async () => allowServiceWorker());
    expect(screen.getByText("allowed")).toBeTruthy();
    cleanup();

    // Once allowed, a page mounted later registers at once.
    render(<Probe />);
    await act(async () => undefined);
    expect(screen.getByText("allowed")).toBeTruthy();
  });
});
