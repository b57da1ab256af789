/**
 * Test helpers for the date and time fields (ui/forms' pickers): each is a group of sections
 * (year, month, day; hour, minute) named by its label, over a hidden input that holds the text
 * the field shows and takes a whole value at once.
 */
import { fireEvent, within } from "@testing-library/react";

type Label = string | RegExp;

/** The field's hidden input: its `value` is the text shown ("2026-03-01", "09:00", "2026-03-01 09:00"). */
export function pickerInput(label: Label, container: HTMLElement = document.body): HTMLInputElement {
  return within(container).getByLabelText(label, { selector: "input" }) as HTMLInputElement;
}

/** Puts a whole value in the field as pasting would; "" clears it. */
export function setPicker(label: Label, value: string, container: HTMLElement = document.body): void {
  fireEvent.change(pickerInput(label, container), { target: { value } });
}

/** The field's group of sections, which the keyboard types into. */
export function pickerGroup(label: Label, container: HTMLElement = document.body): HTMLElement {
  return within(container).getByRole("group", { name: label });
}

/** Opens the field's calendar or clock. */
export function pickerButton(label: Label, container: HTMLElement = document.body): HTMLElement {
  return within(pickerGroup(label, container)).getByRole("button");
}

/** The first section of the field, where typing starts. */
export function firstSection(label: Label, container: HTMLElement = document.body): HTMLElement {
  return within(pickerGroup(label, container)).getAllByRole("spinbutton")[0]!;
}

