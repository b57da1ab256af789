/**
 * Chooses one of a service's actions through its options dialog (§2 service options): the
 * service's card has one button, Service Options, and the dialog named by the service lists them.
 */
import { screen, within } from "@testing-library/react";

export async function chooseServiceOption(
  user: { click: (element: Element) => Promise<void> },
  serviceName: string,
  option: "Perform Now" | "From Scheduled" | "Edit Dates",
): Promise<void> {
  await user.click(within(await screen.findByRole("listitem", { name: serviceName })).getByRole("button", { name: "Service Options" }));
  const dialog = await screen.findByRole("dialog", { name: serviceName });
  await user.click(within(dialog).getByRole(option === "Edit Dates" ? "link" : "button", { name: option }));
}
