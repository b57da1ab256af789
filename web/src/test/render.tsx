/** Test helpers: render inside the app theme, and a viewport width for media queries. */
import { ThemeProvider } from "@mui/material";
import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { theme } from "../ui/theme";

function Themed({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

export function renderThemed(ui: ReactElement, options?: Omit<RenderOptions, "wrapper">) {
  return render(ui, { wrapper: Themed, ...options });
}

function matches(query: string, width: number): boolean {
  // MUI asks for queries like "(max-width:599.95px)" or "(min-width:600px) and (max-width:899.95px)".
  return query.split(/\s+and\s+/).every((part) => {
    const found = /\((min|max)-width:\s*([\d.]+)px\)/.exec(part);
    if (!found) return false;
    const limit = Number(found[2]);
    return found[1] === "min" ? width >= limit : width <= limit;
  });
}

/** Makes `window.matchMedia` answer as a viewport `width` pixels wide. */
export function setViewportWidth(width: number): void {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: matches(query.replace(/^@media\s*/, ""), width),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

/** Makes `window.matchMedia` answer whether the user asks for less motion, and nothing else. */
export function preferLessMotion(reduce: boolean): void {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: reduce && query.includes("prefers-reduced-motion: reduce"),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
