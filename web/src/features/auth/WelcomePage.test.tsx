// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ORG, closeHarnesses, renderScreen } from "../../test/renderScreen";
import { WelcomePage } from "./WelcomePage";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const ORG_PATH = `/api/organizations/${ORG}`;
const routes = [{ path: "/welcome", element: <WelcomePage /> }];

async function open(path: string, options: { permissions?: string[]; hasSetUpBilling?: boolean } = {}) {
  return renderScreen({
    path,
    routes,
    permissions: options.permissions,
    records: [["organization", { id: ORG, name: "Acme Fire", hasSetUpBilling: options.hasSetUpBilling ?? false }]],
    http: { [`PATCH ${ORG_PATH}`]: { status: 200, body: { id: ORG, hasSetUpBilling: true } } },
  });
}

const patches = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "PATCH").map(([, init]) => JSON.parse(String((init as RequestInit).body)));

describe("Welcome", () => {
  it("records that billing is set up when reached back from the checkout", async () => {
    const harness = await open("/welcome?checkout=cs_test_1");
    expect(await screen.findByRole("link", { name: "Go to Settings" })).toBeTruthy();
    await waitFor(() => expect(patches(harness.fetch)).toEqual([{ data: { hasSetUpBilling: true } }]));
  });

  it("leaves it alone right after sign-up, so the trial prompt still shows", async () => {
    const harness = await open("/welcome");
    await screen.findByRole("link", { name: "Go to Settings" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(patches(harness.fetch)).toEqual([]);
  });

  it("leaves it alone when it is already set, or for a user who may not change settings", async () => {
    const set = await open("/welcome?checkout=cs_test_1", { hasSetUpBilling: true });
    await screen.findByRole("link", { name: "Go to Settings" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(patches(set.fetch)).toEqual([]);
    cleanup();
    closeHarnesses();

    const member = await open("/welcome?checkout=cs_test_1", { permissions: ["location.read"] });
    await screen.findByRole("link", { name: "Go to Settings" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(patches(member.fetch)).toEqual([]);
  });
});
