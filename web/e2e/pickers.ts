/**
 * The date and time fields in the browser: each is a group of sections named by its label
 * (typed into from its first section, in the format it shows: "2026-03-01", "09:00",
 * "2026-03-01 09:00"), over a hidden input holding that text.
 */
import type { Locator, Page } from "playwright-core";

type Scope = Page | Locator;

export function picker(scope: Scope, label: string | RegExp): Locator {
  return scope.getByRole("group", { name: label });
}

/**
 * Types `text` over the whole field, as a person at a keyboard would: its digits only, each
 * section moving on to the next once full (a separator typed fast can land in the wrong one).
 */
export async function fillPicker(scope: Scope, label: string | RegExp, text: string): Promise<void> {
  await picker(scope, label).getByRole("spinbutton").first().pressSequentially(text.replace(/\D/g, ""), { delay: 20 });
}

/** The text the field shows. */
export function pickerValue(scope: Scope, label: string | RegExp): Promise<string> {
  return picker(scope, label).locator("input").inputValue();
}
