/**
 * The router's `errorElement`: the crash page for an error thrown while rendering a route,
 * sending one log through the `sendLog` prop or, by default, the app's `ErrorBoundary` above.
 */
import { useContext, useEffect, useRef } from "react";
import { useRouteError } from "react-router";
import { CrashPage } from "./CrashPage";
import { CrashLogContext, reportCrash, type SendLog } from "./crashReport";

export interface RouteErrorPageProps {
  sendLog?: SendLog;
  onReload?: () => void;
}

export function RouteErrorPage({ sendLog, onReload }: RouteErrorPageProps) {
  const error = useRouteError();
  const inherited = useContext(CrashLogContext);
  const send = sendLog ?? inherited;
  // Remembers what was sent, so a re-run effect (a new sender, a development double run) sends once.
  const sent = useRef<{ error: unknown } | null>(null);
  useEffect(() => {
    if (sent.current?.error === error) return;
    sent.current = { error };
    reportCrash(send, error);
  }, [error, send]);
  return <CrashPage onReload={onReload} />;
}
