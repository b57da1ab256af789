// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderThemed } from "../../test/render";
import { crashMessage } from "./crashReport";
import { ErrorBoundary } from "./ErrorBoundary";
import { RouteErrorPage } from "./RouteErrorPage";

function Boom(): never {
  throw new Error("boom at the equipment list");
}

const CRASHED = "An error ocurred while trying to show this page.";
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("crash pages", () => {
  beforeEach(() => {
    // React reports every caught render error on the console; the tests expect them.
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("ErrorBoundary shows the crash page and sends one log with the message and stack", async () => {
    const sendLog = vi.fn(async () => {});
    renderThemed(
      <StrictMode>
        <ErrorBoundary sendLog={sendLog}>
          <Boom />
        </ErrorBoundary>
      </StrictMode>,
    );
    expect(screen.getByRole("alert").textContent).toBe(CRASHED);
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    await flush();
    expect(sendLog).toHaveBeenCalledTimes(1);
    const [entry] = sendLog.mock.calls[0] as unknown as [{ level: string; message: string }];
    expect(entry.level).toBe("error");
    expect(entry.message).toMatch(/^Error: boom at the equipment list\n\s+at /);
    expect(entry.message).toBe(entry.message.trim());
  });

  it("ignores a log that fails to send, whether it rejects or throws", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    for (const sendLog of [vi.fn(() => Promise.reject(new Error("offline"))), vi.fn(() => { throw new Error("offline"); })]) {
      renderThemed(
        <ErrorBoundary sendLog={sendLog}>
          <Boom />
        </ErrorBoundary>,
      );
      expect(screen.getByRole("alert").textContent).toBe(CRASHED);
      expect(sendLog).toHaveBeenCalledTimes(1);
      cleanup();
    }
    await flush();
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it("Reload reloads", async () => {
    const onReload = vi.fn();
    renderThemed(
      <ErrorBoundary sendLog={() => {}} onReload={onReload}>
        <Boom />
      </ErrorBoundary>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it("renders its children while nothing crashes", () => {
    const sendLog = vi.fn();
    renderThemed(
      <ErrorBoundary sendLog={sendLog}>
        <p>Sites</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText("Sites")).toBeTruthy();
    expect(sendLog).not.toHaveBeenCalled();
  });

  it("RouteErrorPage shows the crash page for a route and logs once through the app's boundary", async () => {
    const sendLog = vi.fn(async () => {});
    const router = createMemoryRouter([{ path: "/", element: <Boom />, errorElement: <RouteErrorPage /> }]);
    renderThemed(
      <StrictMode>
        <ErrorBoundary sendLog={sendLog}>
          <RouterProvider router={router} />
        </ErrorBoundary>
      </StrictMode>,
    );
    expect((await screen.findByRole("alert")).textContent).toBe(CRASHED);
    await flush();
    expect(sendLog).toHaveBeenCalledTimes(1);
    expect(sendLog).toHaveBeenCalledWith({ level: "error", message: expect.stringContaining("boom at the equipment list") });
  });

  it("RouteErrorPage does not send again when it re-renders with the same error", async () => {
    const first = vi.fn();
    const second = vi.fn();
    const router = createMemoryRouter([{ path: "/", element: <Boom />, errorElement: <RouteErrorPage /> }]);
    const { rerender } = renderThemed(
      <ErrorBoundary sendLog={first}>
        <RouterProvider router={router} />
      </ErrorBoundary>,
    );
    await screen.findByRole("alert");
    rerender(
      <ErrorBoundary sendLog={second}>
        <RouterProvider router={router} />
      </ErrorBoundary>,
    );
    await flush();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });

  it("RouteErrorPage takes its own sender and ignores its failure", async () => {
    const sendLog = vi.fn(() => Promise.reject(new Error("offline")));
    const router = createMemoryRouter([{ path: "/", element: <Boom />, errorElement: <RouteErrorPage sendLog={sendLog} /> }]);
    renderThemed(<RouterProvider router={router} />);
    expect((await screen.findByRole("alert")).textContent).toBe(CRASHED);
    await flush();
    expect(sendLog).toHaveBeenCalledTimes(1);
  });

  it("crashMessage covers errors without a stack, route responses and thrown values", () => {
    const bare = new Error("  no stack  ");
    bare.stack = undefined;
    expect(crashMessage(bare)).toBe("no stack");
    expect(crashMessage({ status: 404, statusText: "Not Found", internal: true, data: null })).toBe("404 Not Found");
    expect(crashMessage(" thrown string ")).toBe("thrown string");
  });
});
