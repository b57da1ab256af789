/**
 * Subscription end to end, against the real server pointed at a fake of Stripe
 * (e2e/fakeStripe.ts): sign up, the trial prompt, the hosted checkout and back, the provider's
 * webhook activating the organisation; then cancel in the customer portal, the canceled notice
 * with writes refused, Reactivate through a new checkout, and writes allowed again. At 375 px.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "./fakeStripe";
import { type Server, VIEWPORTS, launchBrowser, newContext, signUp, startServer, uniqueEmail } from "./harness";

let stripe: FakeStripe;
let server: Server;
let browser: Browser;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startServer(stripe.env);
  stripe.setWebhook(`${server.url}/api/payments/webhook`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.stop();
});

interface Api {
  orgId: string;
  token: string;
}

async function api(email: string, password: string): Promise<Api> {
  const login = await fetch(`${server.url}/api/token`, { method: "POST", headers: { Authorization: `Basic ${btoa(`${email}:${password}`)}` } });
  const { user, token } = (await login.json()) as { user: { orgId: string }; token: string };
  return { orgId: user.orgId, token };
}

async function organization({ orgId, token }: Api): Promise<Record<string, unknown>> {
  const answer = await fetch(`${server.url}/api/organizations/${orgId}`, { headers: { Authorization: `Bearer ${token}` } });
  return (await answer.json()) as Record<string, unknown>;
}

/** Asks for a site number: a write, refused while the organisation is inactive. */
async function writeStatus({ orgId, token }: Api): Promise<number> {
  const answer = await fetch(`${server.url}/api/organizations/${orgId}/counters/site-number`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ siteNumber: "$increment" }),
  });
  return answer.status;
}

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

describe("subscription at 375 px", () => {
  it("signs up, subscribes through the checkout, cancels and reactivates", async () => {
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    const who = { email: uniqueEmail("billing"), password: "correct horse 1", name: "Ann Lee", company: "Acme Fire" };
    await signUp(page, who);
    await expect.poll(() => page.getByRole("heading", { name: "Welcome to Fieldtag" }).isVisible()).toBe(true);
    const account = await api(who.email, who.password);
    expect(await organization(account)).toMatchObject({ manualBilling: false, hasSetUpBilling: false, active: true });
    expect(await dialog(page, "Start your free trial").count()).toBe(0);

    // Anywhere but welcome, the trial prompt; its button opens the hosted checkout.
    await page.getByRole("link", { name: "Go to Settings" }).click();
    await expect.poll(() => dialog(page, "Start your free trial").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await page.waitForURL((url) => url.pathname === "/welcome" && url.searchParams.has("checkout"));
    // Back before the provider's webhook: sign-up completes once it arrives.
    await expect.poll(() => organization(account).then((org) => org.subscriptionStatus), { timeout: 15_000 }).toBe("trialing");
    await expect.poll(() => dialog(page, "Completing sign-up...").count(), { timeout: 15_000 }).toBe(0);
    expect(await organization(account)).toMatchObject({ hasSetUpBilling: true, active: true });
    await page.getByRole("link", { name: "Go to Settings" }).click();
    await page.waitForURL("**/settings");
    expect(await dialog(page, "Start your free trial").count()).toBe(0);

    // Cancel in the provider's portal, reached from the Billing Portal entry.
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name: "Billing Portal" }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/portal/`));
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.waitForURL("**/settings");
    expect(await organization(account)).toMatchObject({ active: false, subscriptionStatus: "canceled" });
    expect(await writeStatus(account)).toBe(402);
    await expect.poll(() => dialog(page, "Your subscription has been canceled").isVisible()).toBe(true);

    // Reactivate: a new checkout, and the organisation writes again.
    await page.getByRole("button", { name: "Reactivate" }).click();
    await page.waitForURL((url) => url.pathname === "/welcome" && url.searchParams.has("checkout"));
    await expect.poll(() => organization(account).then((org) => org.active), { timeout: 15_000 }).toBe(true);
    expect((await organization(account)).subscriptionStatus).toBe("active");
    await expect.poll(() => dialog(page, "Completing sign-up...").count(), { timeout: 15_000 }).toBe(0);
    expect(await dialog(page, "Your subscription has been canceled").count()).toBe(0);
    expect(await writeStatus(account)).toBe(200);
    await context.close();
  });
});
