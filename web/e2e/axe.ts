/**
 * axe-core in the browser tests: the rules of WCAG 2.1 A and AA run on the page as it stands,
 * and every serious or critical violation is reported with the screen it was found on.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface Violation {
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
  help: string;
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] }[];
}

/** The serious and critical violations on the page as it stands, named after `screen`. */
export async function violationsOn(page: Page, screen: string): Promise<Violation[]> {
  // Evaluated through the debugging protocol, so the app's Content-Security-Policy allows it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    }),
  )) as AxeResult;
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ screen, rule: v.id, impact: v.impact ?? "", help: v.help, targets: v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`) }));
}

/** One line per violation, for a failure message a person can act on. */
export function describeViolations(found: readonly Violation[]): string {
  return found.map((v) => `${v.screen}: ${v.rule} (${v.impact}) ${v.help} — ${v.targets.slice(0, 3).join(", ")}`).join("\n");
}
