// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AT_LATEST_MS, QUIET_MS, type ServiceWorkerGate, serviceWorkerGate } from "./serviceWorkerGate";

function Probe({ gate }: { gate: ServiceWorkerGate }) {
  return <p>{gate.useOpen() ? "register" : "wait"}</p>;
}

/** A clock and timers that move only when the test says so. */
function manualTimers() {
  let time = 0;
  let timers: { run: () => void; at: number }[] = [];
  return {
    setTimer: (run: () => void, ms: number) => timers.push({ run, at: time + ms }),
    now: () => time,
    /** Moves the clock on by `ms`, running each timer that comes due on the way. */
    advance(ms: number) {
      const until = time + ms;
      for (;;) {
        const next = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((timer) => timer !== next);
        time = next.at;
        next.run();
      }
      time = until;
    },
  };
}

/** A gate on a device no worker controls yet, with the test's clock and its own page to type in. */
function newDeviceGate() {
  const timers = manualTimers();
  const page = new EventTarget();
  const gate = serviceWorkerGate({ controlled: () => false, setTimer: timers.setTimer, now: timers.now, input: page });
  const press = () => page.dispatchEvent(new Event("keydown"));
  const tap = () => page.dispatchEvent(new Event("pointerdown"));
  return { gate, timers, press, tap };
}

/** What the probe shows once the test's clock has moved on by `ms` and the page has settled. */
async function shownAfter(timers: ReturnType<typeof manualTimers>, ms: number): Promise<string | null> {
  timers.advance(ms);
  await settle();
  return screen.getByText(/^(wait|register)$/).textContent;
}

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

describe("the service worker's registration", () => {
  afterEach(cleanup);

  it("waits on a new device for the session's first sync and a quiet moment after it, then registers, and at once in a page mounted later", async () => {
    const { gate, timers } = newDeviceGate();
    render(<Probe gate={gate} />);
    let finish: () => void = () => {};
    gate.openAfter(new Promise<void>((resolve) => (finish = resolve)));
    expect(await shownAfter(timers, 500)).toBe("wait");

    finish();
    await settle();
    expect(await shownAfter(timers, QUIET_MS - 500 - 1)).toBe("wait");
    expect(await shownAfter(timers, 1)).toBe("register");
    cleanup();
    render(<Probe gate={gate} />);
    expect(screen.getByText("register")).toBeTruthy();
  });

  it("registers as the first sync ends when nobody has used the page for a while", async () => {
    const { gate, timers } = newDeviceGate();
    render(<Probe gate={gate} />);
    let finish: () => void = () => {};
    gate.openAfter(new Promise<void>((resolve) => (finish = resolve)));
    timers.advance(QUIET_MS);
    finish();
    await settle();
    expect(screen.getByText("register")).toBeTruthy();
  });

  it("puts the install off while keys and taps come after the first sync, the list's first search", async () => {
    const { gate, timers, press, tap } = newDeviceGate();
    render(<Probe gate={gate} />);
    gate.openAfter(Promise.resolve());
    await settle();
    for (let i = 0; i < 10; i++) {
      timers.advance(QUIET_MS / 2);
      if (i % 2) press();
      else tap();
    }
    await settle();
    expect(screen.getByText("wait")).toBeTruthy();
    expect(await shownAfter(timers, QUIET_MS - 1)).toBe("wait");
    expect(await shownAfter(timers, 1)).toBe("register");
  });

  it("registers after a first sync that failed as after one that succeeded", async () => {
    const { gate, timers } = newDeviceGate();
    render(<Probe gate={gate} />);
    gate.openAfter(Promise.reject(new Error("Device is offline")));
    await settle();
    expect(await shownAfter(timers, QUIET_MS)).toBe("register");
  });

  it("registers anyway when the first sync has not ended after the longest wait", async () => {
    const { gate, timers } = newDeviceGate();
    render(<Probe gate={gate} />);
    gate.openAfter(new Promise(() => {}));
    expect(await shownAfter(timers, AT_LATEST_MS - 1)).toBe("wait");
    expect(await shownAfter(timers, 1)).toBe("register");
  });

  it("registers anyway after the longest wait while keys never stop", async () => {
    const { gate, timers, press } = newDeviceGate();
    render(<Probe gate={gate} />);
    gate.openAfter(Promise.resolve());
    await settle();
    for (let waited = 0; waited < AT_LATEST_MS - 100; waited += 100) {
      timers.advance(100);
      press();
    }
    await settle();
    expect(screen.getByText("wait")).toBeTruthy();
    expect(await shownAfter(timers, 100)).toBe("register");
  });

  it("registers at once where a worker already controls the page (the login page too): it only looks for a new version", () => {
    const gate = serviceWorkerGate({ controlled: () => true, setTimer: manualTimers().setTimer, input: new EventTarget() });
    render(<Probe gate={gate} />);
    expect(screen.getByText("register")).toBeTruthy();
  });
});
