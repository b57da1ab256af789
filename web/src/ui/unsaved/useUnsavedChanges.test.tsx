// @vitest-environment jsdom
import { ThemeProvider } from "@mui/material";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Link, RouterProvider, createMemoryRouter, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { theme } from "../../app/theme";
import { setViewportWidth } from "../test/render";
import { useUnsavedChanges } from "./useUnsavedChanges";

function ProfileForm() {
  const [name, setName] = useState("");
  const { leaveDialog, allowNextNavigation } = useUnsavedChanges(name !== "");
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
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="submit">Save</button>
      <Link to="/sites">Sites</Link>
      {leaveDialog}
    </form>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      { path: "/profile", element: <ProfileForm /> },
      { path: "/sites", element: <h1>Sites page</h1> },
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

describe("useUnsavedChanges", () => {
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
    await user.click(screen.getByRole("button", { name: "Save" }));
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
});
