/**
 * What a page crash sends (§2): one `error` log with the error's message and stack. The
 * sender is injected (the app passes its `POST /api/logs` call) and its failure is ignored.
 */
import { createContext } from "react";
import { isRouteErrorResponse } from "react-router";

export interface CrashLog {
  level: "error";
  message: string;
}

export type SendLog = (entry: CrashLog) => Promise<void> | void;

/** The error's message and stack, whitespace trimmed; the stack usually repeats the message. */
export function crashMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) {
    const stack = error.stack?.trim() ?? "";
    const message = error.message.trim();
    return (stack.includes(message) ? stack : `${message}\n${stack}`).trim();
  }
  return String(error).trim();
}

/** Sends the crash log, never throwing and never rejecting. */
export function reportCrash(sendLog: SendLog, error: unknown): void {
  try {
    void Promise.resolve(sendLog({ level: "error", message: crashMessage(error) })).catch(() => undefined);
  } catch {
    // §2: a crash log that cannot be sent is dropped.
  }
}

/** The sender for crash pages below the app's `ErrorBoundary`, such as the router's. */
export const CrashLogContext = createContext<SendLog>(() => undefined);
