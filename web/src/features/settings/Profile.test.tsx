// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "../../auth/session";
import { RecordingEngine } from "../../test/fakeSync";
import { ORG, USER, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";
import { saveOwnProfile } from "./profile";
import { settingsRoutes } from "./routes";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const me = { id: USER, orgId: ORG, name: "Ada", email: "ada@example.com", image: null, permissions: ["WEB_LOGIN"], invitationStatus: 1 };

describe("own profile", () => {
  it("is editable by a user without the settings permissions, and changes only name and email", async () => {
    const user = userEvent.setup();
    const harness = await renderScreen({ path: "/profile", routes: settingsRoutes, permissions: ["WEB_LOGIN"], records: [["users", me]] });
    const name = await screen.findByRole("textbox", { name: /^Name/ });
    await waitFor(() => expect(name).toHaveProperty("disabled", false));
    await user.clear(name);
    await user.type(name, "Ada Lovelace");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Successfully updated profile")).toBeTruthy();
    expect(await harness.stored<User>("users", USER)).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", permissions: ["WEB_LOGIN"], invitationStatus: 1 });
  });
});

describe("own profile and the permission table (editOwnProfile)", () => {
  it("goes through for a user holding nothing but their own record", async () => {
    const other = { ...me, id: hex(0xc), name: "Sam" };
    const engine = new RecordingEngine([["users", me], ["users", other]]);
    await saveOwnProfile(engine, me, { name: "Ada Lovelace", email: "ada@acme.ca" });
    expect(engine.refusals([], USER)).toEqual([]);

    const notMine = new RecordingEngine([["users", other]]);
    await saveOwnProfile(notMine, other, { name: "Someone", email: "x@acme.ca" });
    expect(notMine.refusals([], USER)).toEqual([`users ${other.id}: You need the SETTINGS_WRITE permission`]);
  });
});
