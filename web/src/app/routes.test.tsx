// @vitest-environment jsdom
import { ThemeProvider } from "@mui/material";
import { act, cleanup, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "../auth/AuthProvider";
import { SnackbarProvider } from "../ui/snackbar/SnackbarProvider";
import { setViewportWidth } from "../test/render";
import { routes } from "./routes";
import { theme } from "../ui/theme";

afterEach(cleanup);

describe("the app's routes", () => {
  it("open a screen whose code loads on first use without React Router's HydrateFallback warning", async () => {
    setViewportWidth(375);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const router = createMemoryRouter(routes, { initialEntries: ["/debug"] });
    await act(async () => {
      render(
        <ThemeProvider theme={theme}>
          <SnackbarProvider>
            <AuthProvider fetchFn={vi.fn()}>
              <RouterProvider router={router} />
            </AuthProvider>
          </SnackbarProvider>
        </ThemeProvider>,
      );
    });
    // Signed out: the guard sends the visitor to login.
    expect(await screen.findByRole("button", { name: "Login" })).toBeTruthy();
    expect(warn.mock.calls.flat().join(" ")).not.toContain("HydrateFallback");
    warn.mockRestore();
  });
});
