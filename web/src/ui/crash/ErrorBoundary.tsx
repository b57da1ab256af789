/**
 * Catches a render crash anywhere below it, shows the crash page in place of everything below
 * and sends one log (the crashed tree is gone, so nothing below can crash again). It also
 * hands `sendLog` down, so the router's error page logs the same way.
 */
import { Component, type ReactNode } from "react";
import { CrashPage } from "./CrashPage";
import { CrashLogContext, reportCrash, type SendLog } from "./crashReport";

export interface ErrorBoundaryProps {
  sendLog: SendLog;
  children: ReactNode;
  onReload?: () => void;
}

interface ErrorBoundaryState {
  crashed: boolean;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { crashed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportCrash(this.props.sendLog, error);
  }

  override render(): ReactNode {
    if (this.state.crashed) return <CrashPage onReload={this.props.onReload} />;
    return <CrashLogContext.Provider value={this.props.sendLog}>{this.props.children}</CrashLogContext.Provider>;
  }
}
