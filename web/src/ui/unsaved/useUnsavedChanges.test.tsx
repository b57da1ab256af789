// @vitest-environment jsdom
import { ThemeProvider } from "@mui/material";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Link, RouterProvider, createMemoryRouter, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { theme } from "../theme";
import { setViewportWidth } from "../../test/render";
import { UnsavedChangesGuard } from "./UnsavedChangesGuard";
import { useUnsavedChanges } from "./useUnsavedChanges";

function ProfileForm({ label = "Name" }: { label?: string }) {
  const [name, setName] = useState("");
  const { allowNextNavigation } = useUnsavedChanges(name !== "");
  const navigate = useNavigate();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        allowNextNavigation();
        navigate("/sites");
      }}
    >
      <label>
        {label}
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="submit">Save {label}</button>
      <Link to="/sites">Sites</Link>
    </form>
  );
}

/** Two forms on one page, as the desktop site page holds the site's information and its service months. */
function TwoForms() {
  return (
    <>
      <ProfileForm label="Contact" />
      <ProfileForm label="Months" />
    </>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: <UnsavedChangesGuard />,
        children: [
          { path: "/profile", element: <ProfileForm /> },
          { path: "/site", element: <TwoForms /> },
          { path: "/sites", element: <h1>Sites page</h1> },
        ],
      },
    ],
    { initialEntries: ["/sites", "/profile"], initialIndex: 1 },
  );
  render(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

const beforeUnloadBlocked = () => !window.dispatchEvent(new Event("beforeunload", { cancelable: true }));

describe("the leave-page guard", () => {
  beforeEach(() => setViewportWidth(375));
  afterEach(cleanup);

  it("lets a clean form go without asking", async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole("link", { name: "Sites" }));
    expect(screen.getByRole("heading", { name: "Sites page" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks before leaving with edits, and Cancel stays on the form", async () => {
    const user = userEvent.setup();
    const router = setup();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ada");
    await user.click(screen.getByRole("link", { name: "Sites" }));

    const dialog = await screen.findByRole("dialog", { name: "Leave page?" });
    expect(dialog.textContent).toContain("Your current changes will be discarded.");
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/profile");
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveProperty("value", "Ada");
  });

  it("Leave goes where the user was heading", async () => {
    const user = userEvent.setup();
    const router = setup();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ada");
    await user.click(screen.getByRole("link", { name: "Sites" }));
    await user.click(await screen.findByRole("button", { name: "Leave" }));

    expect(await screen.findByRole("heading", { name: "Sites page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/sites");
  });

  it("guards the back button too", async () => {
    const user = userEvent.setup();
    const router = setup();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ada");
    await router.navigate(-1);
    expect(await screen.findByRole("dialog", { name: "Leave page?" })).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/profile");
  });

  it("lets a saved form navigate away without asking", async () => {
    const user = userEvent.setup();
    setup();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ada");
    await user.click(screen.getByRole("button", { name: "Save Name" }));
    expect(await screen.findByRole("heading", { name: "Sites page" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("guards closing the tab only while there are edits", async () => {
    const user = userEvent.setup();
    setup();
    expect(beforeUnloadBlocked()).toBe(false);
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ada");
    expect(beforeUnloadBlocked()).toBe(true);
    await user.clear(screen.getByRole("textbox", { name: "Name" }));
    expect(beforeUnloadBlocked()).toBe(false);
  });

  it("guards every form of a page with one blocker: an edit in any of them asks", async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const router = setup();
    await router.navigate("/site");
    await user.type(await screen.findByRole("textbox", { name: "Months" }), "Jan");
    await user.click(screen.getAllByRole("link", { name: "Sites" })[0]!);
    expect(await screen.findByRole("dialog", { name: "Leave page?" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/site");
    expect(screen.getByRole("textbox", { name: "Months" })).toHaveProperty("value", "Jan");

    await user.type(screen.getByRole("textbox", { name: "Contact" }), "Ada");
    await user.clear(screen.getByRole("textbox", { name: "Months" }));
    await user.click(screen.getAllByRole("link", { name: "Sites" })[1]!);
    expect(await screen.findByRole("dialog", { name: "Leave page?" })).toBeTruthy();
    expect(warn.mock.calls.flat().join(" ")).not.toContain("one blocker");
    warn.mockRestore();
  });

  it("asks for the other form's edits even when one form saves and navigates", async () => {
    const user = userEvent.setup();
    const router = setup();
    await router.navigate("/site");
    await user.type(await screen.findByRole("textbox", { name: "Months" }), "Jan");
    await user.type(screen.getByRole("textbox", { name: "Contact" }), "Ada");
    await user.click(screen.getByRole("button", { name: "Save Contact" }));
    expect(await screen.findByRole("dialog", { name: "Leave page?" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/site");
  });
});
