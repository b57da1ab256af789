// @vitest-environment jsdom
import { ThemeProvider } from "@mui/material";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { theme } from "../../ui/theme";
import type { User } from "../../auth/session";
import { setViewportWidth } from "../../test/render";
import { type BillingOrganization, overlayFor } from "./conditions";
import { type SubscriptionActions, SubscriptionOverlays } from "./SubscriptionOverlays";

afterEach(cleanup);

const ADMIN: User = { id: "u1", orgId: "o1", name: "Ada", email: "ada@example.com", permissions: ["*.*"], acceptedTermsVersion: "1.0.1" };
const TECHNICIAN: User = { ...ADMIN, id: "u2", permissions: ["EQUIPMENT_READ", "LOCATION_READ"] };
const TRIAL: BillingOrganization = { id: "o1", active: true, manualBilling: false, hasSetUpBilling: false, plan: "Basic" };
const PAID: BillingOrganization = { ...TRIAL, hasSetUpBilling: true, subscriptionStatus: "active" };
const at = (pathname: string, search = "") => ({ pathname, search });

function actions(overrides: Partial<SubscriptionActions> = {}): SubscriptionActions {
  return { startCheckout: vi.fn(async () => {}), acceptTerms: vi.fn(async () => {}), refresh: vi.fn(async () => {}), logout: vi.fn(), ...overrides };
}

function show(user: User | null, org: BillingOrganization | null, location = at("/sites"), given = actions()) {
  setViewportWidth(375);
  render(
    <ThemeProvider theme={theme}>
      <SubscriptionOverlays user={user} org={org} location={location} actions={given} />
    </ThemeProvider>,
  );
  return given;
}

describe("which overlay shows", () => {
  it.each([
    ["trial start: billing not set up, billed by the provider, on a screen", ADMIN, TRIAL, at("/sites"), "trialStart"],
    ["no trial prompt on welcome", ADMIN, TRIAL, at("/welcome"), null],
    ["no trial prompt on login", ADMIN, TRIAL, at("/"), null],
    ["no trial prompt on sign-up", ADMIN, TRIAL, at("/sign-up/enterprise"), null],
    ["no trial prompt once billing is set up", ADMIN, { ...TRIAL, hasSetUpBilling: true }, at("/sites"), null],
    ["no trial prompt when manually billed", ADMIN, { ...TRIAL, manualBilling: true }, at("/sites"), null],
    ["no trial prompt for users who cannot change settings", TECHNICIAN, TRIAL, at("/sites"), null],
    ["canceled when inactive", ADMIN, { ...PAID, active: false, subscriptionStatus: "canceled" }, at("/sites"), "canceled"],
    ["canceled for every user", TECHNICIAN, { ...TRIAL, active: false }, at("/sites"), "canceled"],
    ["completing sign-up back from checkout", ADMIN, TRIAL, at("/welcome", "?checkout=cs_1"), "completingSignUp"],
    ["completing a reactivation back from checkout", ADMIN, { ...PAID, active: false, subscriptionStatus: "canceled" }, at("/welcome", "?checkout=cs_2"), "completingSignUp"],
    ["no completing once the subscription is live", ADMIN, PAID, at("/welcome", "?checkout=cs_1"), null],
    ["terms when the accepted version differs", { ...ADMIN, acceptedTermsVersion: "1.0.0" }, PAID, at("/sites"), "terms"],
    ["terms when none was accepted", { ...ADMIN, acceptedTermsVersion: undefined }, PAID, at("/sites"), "terms"],
    ["terms before anything else", { ...ADMIN, acceptedTermsVersion: "1.0.0" }, { ...TRIAL, active: false }, at("/sites"), "terms"],
    ["nothing for a paid, active organisation", ADMIN, PAID, at("/sites"), null],
    ["nothing before the organisation has loaded", ADMIN, null, at("/sites"), null],
  ])("%s", (_case, user, org, location, expected) => {
    expect(overlayFor(user, org, location)).toBe(expected);
  });

  it("leaves out an overlay the user put off", () => {
    expect(overlayFor(ADMIN, TRIAL, at("/sites"), new Set(["trialStart"]))).toBeNull();
  });
});

describe("the overlays", () => {
  it("trial start opens the checkout, and can be put off", async () => {
    const given = show(ADMIN, TRIAL);
    const dialog = screen.getByRole("dialog", { name: "Start your free trial" });
    expect(dialog.textContent).toContain("Plan: Basic");
    await userEvent.click(screen.getByRole("button", { name: "Start Free Trial" }));
    expect(given.startCheckout).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole("button", { name: "Later" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("trial start says why the checkout did not open", async () => {
    show(ADMIN, TRIAL, at("/sites"), actions({ startCheckout: vi.fn(async () => Promise.reject(new Error("The payment provider could not be reached."))) }));
    await userEvent.click(screen.getByRole("button", { name: "Start Free Trial" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The payment provider could not be reached.");
  });

  it("canceled offers Reactivate to administrators and a read-only view to all", async () => {
    const given = show(ADMIN, { ...PAID, active: false, subscriptionStatus: "canceled" });
    expect(screen.getByRole("dialog", { name: "Your subscription has been canceled" }).textContent).toContain("you can still view and export it");
    await userEvent.click(screen.getByRole("button", { name: "Reactivate" }));
    expect(given.startCheckout).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole("button", { name: "View Only" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("canceled tells other users to ask an administrator", () => {
    show(TECHNICIAN, { ...TRIAL, active: false });
    expect(screen.queryByRole("button", { name: "Reactivate" })).toBeNull();
    expect(screen.getByText("Ask an administrator of your organization to reactivate it.")).toBeTruthy();
  });

  it("completing sign-up asks for news while it waits", async () => {
    const given = show(ADMIN, TRIAL, at("/welcome", "?checkout=cs_1"));
    expect(screen.getByRole("dialog", { name: "Completing sign-up..." })).toBeTruthy();
    await waitFor(() => expect(given.refresh).toHaveBeenCalled());
  });

  it("terms are recorded on accept, by keyboard too", async () => {
    const given = show({ ...ADMIN, acceptedTermsVersion: "1.0.0" }, PAID);
    expect(screen.getByRole("dialog", { name: "Our terms have changed" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Terms and Conditions" }).getAttribute("href")).toBe("/terms.html");
    screen.getByRole("button", { name: "Accept" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(given.acceptTerms).toHaveBeenCalledOnce();
  });
});
