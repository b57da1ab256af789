/**
 * A fake of the subset of Stripe the server uses, for the browser tests: customers, checkout
 * sessions and customer portal sessions over its form-encoded API, a "hosted checkout" page
 * that sends the browser back to the app's success URL and then posts the signed webhooks
 * Stripe would, and a "portal" page whose Cancel posts the cancellation.
 */
import { createHmac } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";

export const SECRET_KEY = "sk_test_e2e";
export const WEBHOOK_SECRET = "whsec_e2e";

interface Checkout {
  id: string;
  customer: string;
  orgId: string;
  price: string;
  successUrl: string;
  trial: boolean;
}

export interface FakeStripe {
  url: string;
  /** Environment for the server: keys, prices and this fake's address. */
  env: Record<string, string>;
  /** Where the server's webhook is, once the server is up. */
  setWebhook(url: string): void;
  stop(): Promise<void>;
}

function body(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((done) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => done(new URLSearchParams(text)));
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let webhook = "";
  let counter = 0;
  let lastCreated = 0;
  const checkouts = new Map<string, Checkout>();
  const subscriptions = new Map<string, { id: string; orgId: string; price: string }>();
  const next = (prefix: string) => `${prefix}_${++counter}`;

  async function send(type: string, object: Record<string, unknown>) {
    // Stripe's `created` only grows; the server orders events by it.
    lastCreated = Math.max(Math.floor(Date.now() / 1000), lastCreated + 1);
    const event = JSON.stringify({ id: next("evt"), object: "event", type, created: lastCreated, data: { object } });
    const t = Math.floor(Date.now() / 1000);
    const signature = createHmac("sha256", WEBHOOK_SECRET).update(`${t}.${event}`).digest("hex");
    const answer = await fetch(webhook, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": `t=${t},v1=${signature}` }, body: event });
    if (!answer.ok) throw new Error(`webhook ${type} answered ${answer.status}: ${await answer.text()}`);
  }

  const json = (response: ServerResponse, status: number, value: unknown) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(value));
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    if (path.startsWith("/v1/")) {
      if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) return json(response, 401, { error: { message: "Invalid API Key provided" } });
      const form = await body(request);
      if (path === "/v1/customers") return json(response, 200, { id: next("cus"), object: "customer" });
      if (path === "/v1/checkout/sessions") {
        const checkout: Checkout = {
          id: next("cs_test"),
          customer: form.get("customer") ?? "",
          orgId: form.get("client_reference_id") ?? "",
          price: form.get("line_items[0][price]") ?? "",
          successUrl: form.get("success_url") ?? "",
          trial: form.has("subscription_data[trial_end]"),
        };
        checkouts.set(checkout.id, checkout);
        return json(response, 200, { id: checkout.id, object: "checkout.session", url: `${fake.url}/checkout/${checkout.id}` });
      }
      if (path === "/v1/billing_portal/sessions") {
        const portal = `${fake.url}/portal/${form.get("customer")}?return=${encodeURIComponent(form.get("return_url") ?? "")}`;
        return json(response, 200, { id: next("bps"), object: "billing_portal.session", url: portal });
      }
      return json(response, 404, { error: { message: "Unrecognized request URL" } });
    }
    const checkout = checkouts.get(path.replace("/checkout/", ""));
    if (checkout) {
      // Paid: back to the app at once; Stripe's webhooks follow a moment later.
      response.writeHead(303, { Location: checkout.successUrl.replace("{CHECKOUT_SESSION_ID}", checkout.id) });
      response.end();
      const subscription = { id: next("sub"), orgId: checkout.orgId, price: checkout.price };
      subscriptions.set(checkout.customer, subscription);
      setTimeout(async () => {
        const metadata = { orgId: checkout.orgId };
        await send("checkout.session.completed", { id: checkout.id, object: "checkout.session", mode: "subscription", customer: checkout.customer, subscription: subscription.id, client_reference_id: checkout.orgId, metadata });
        await send("customer.subscription.created", { id: subscription.id, object: "subscription", customer: checkout.customer, status: checkout.trial ? "trialing" : "active", metadata, items: { data: [{ price: { id: checkout.price } }] } });
      }, 1000);
      return;
    }
    const portal = path.match(/^\/portal\/([^/]+)(\/cancel)?$/);
    if (portal) {
      const back = url.searchParams.get("return") ?? "/";
      if (portal[2] && request.method === "POST") {
        const customer = portal[1] ?? "";
        const subscription = subscriptions.get(customer);
        if (subscription) {
          await send("customer.subscription.deleted", { id: subscription.id, object: "subscription", customer, status: "canceled", metadata: { orgId: subscription.orgId }, items: { data: [{ price: { id: subscription.price } }] } });
        }
        response.writeHead(303, { Location: back });
        return response.end();
      }
      response.writeHead(200, { "Content-Type": "text/html" });
      return response.end(
        `<!doctype html><title>Billing portal</title><h1>Billing portal</h1><form method="post" action="/portal/${portal[1]}/cancel?return=${encodeURIComponent(back)}"><button>Cancel subscription</button></form>`,
      );
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    env: {
      FIELDTAG_STRIPE_SECRET_KEY: SECRET_KEY,
      FIELDTAG_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      FIELDTAG_STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      FIELDTAG_STRIPE_PRICE_BASIC: "price_basic",
      FIELDTAG_STRIPE_PRICE_ENTERPRISE: "price_enterprise",
    },
    setWebhook(url) {
      webhook = url;
    },
    stop: () => new Promise((done) => server.close(() => done())),
  };
  return fake;
}
