// @vitest-environment jsdom
import { ThemeProvider } from "@mui/material";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { theme } from "../../ui/theme";
import { AuthProvider } from "../../auth/AuthProvider";
import { saveSession } from "../../auth/session";

const goTo = vi.fn();
vi.mock("./api", async (original) => ({ ...(await original<typeof import("./api")>()), goTo: (url: string) => goTo(url) }));
const { BillingPortalPage } = await import("./BillingPortalPage");

afterEach(() => {
  cleanup();
  goTo.mockReset();
  localStorage.clear();
});

function open(answers: { status: number; body: unknown }[]) {
  saveSession({ user: { id: "u1", orgId: "o1", name: "Ada", email: "a@example.com", permissions: ["*.*"] }, token: "t", expires: "2099-01-01T00:00:00Z", refreshToken: "r" });
  const fetch = vi.fn(async () => {
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": "application/json" } });
  });
  render(
    <ThemeProvider theme={theme}>
      <AuthProvider fetchFn={fetch as unknown as typeof globalThis.fetch}>
        <MemoryRouter>
          <BillingPortalPage />
        </MemoryRouter>
      </AuthProvider>
    </ThemeProvider>,
  );
  return fetch;
}

describe("Billing Portal", () => {
  it("opens the customer portal session's page", async () => {
    const fetch = open([{ status: 200, body: { data: { session: { url: "https://billing.test/p/1" } } } }]);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("https://billing.test/p/1"));
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toContain("/api/organizations/o1/payments/customer-portal-session");
    expect(init.method).toBe("POST");
  });

  it("says why it could not, and tries again", async () => {
    open([
      { status: 409, body: { code: "BillingNotSetUp", message: "Billing has not been set up yet. Start your subscription first.", contextId: "c" } },
      { status: 200, body: { data: { session: { url: "https://billing.test/p/2" } } } },
    ]);
    expect((await screen.findByRole("alert")).textContent).toContain("Billing has not been set up yet.");
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("https://billing.test/p/2"));
  });
});
