// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AT_LATEST_MS, type ServiceWorkerGate, serviceWorkerGate } from "./serviceWorkerGate";

function Probe({ gate }: { gate: ServiceWorkerGate }) {
  return <p>{gate.useOpen() ? "register" : "wait"}</p>;
}

/** Timers that run only when the test says so. */
function manualTimers() {
  const timers: { run: () => void; ms: number }[] = [];
  return {
    setTimer: (run: () => void, ms: number) => timers.push({ run, ms }),
    fire: (ms: number) => timers.filter((timer) => timer.ms <= ms).forEach((timer) => timer.run()),
  };
}

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

describe("the service worker's registration", () => {
  afterEach(cleanup);

  it("waits on a new device for the session's first sync, then registers, and at once in a page mounted later", async () => {
    const timers = manualTimers();
    const gate = serviceWorkerGate({ controlled: () => false, setTimer: timers.setTimer });
    render(<Probe gate={gate} />);
    let finish: () => void = () => {};
    gate.openAfter(new Promise<void>((resolve) => (finish = resolve)));
    await settle();
    expect(screen.getByText("wait")).toBeTruthy();

    finish();
    await settle();
    expect(screen.getByText("register")).toBeTruthy();
    cleanup();
    render(<Probe gate={gate} />);
    expect(screen.getByText("register")).toBeTruthy();
  });

  it("registers after a first sync that failed as after one that succeeded", async () => {
    const gate = serviceWorkerGate({ controlled: () => false, setTimer: manualTimers().setTimer });
    render(<Probe gate={gate} />);
    gate.openAfter(Promise.reject(new Error("Device is offline")));
    await settle();
    expect(screen.getByText("register")).toBeTruthy();
  });

  it("registers anyway when the first sync has not ended after the longest wait", async () => {
    const timers = manualTimers();
    const gate = serviceWorkerGate({ controlled: () => false, setTimer: timers.setTimer });
    render(<Probe gate={gate} />);
    gate.openAfter(new Promise(() => {}));
    timers.fire(AT_LATEST_MS - 1);
    await settle();
    expect(screen.getByText("wait")).toBeTruthy();
    timers.fire(AT_LATEST_MS);
    await settle();
    expect(screen.getByText("register")).toBeTruthy();
  });

  it("registers at once where a worker already controls the page (the login page too): it only looks for a new version", () => {
    const gate = serviceWorkerGate({ controlled: () => true, setTimer: manualTimers().setTimer });
    render(<Probe gate={gate} />);
    expect(screen.getByText("register")).toBeTruthy();
  });
});
