// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { User } from "../../auth/session";
import { type Answer, type Harness, PHONE, USER, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";
import { userRoutes } from "./routes";

vi.setConfig({ testTimeout: 30_000 });

beforeAll(() => {
  URL.createObjectURL ??= () => "blob:test";
  URL.revokeObjectURL ??= () => {};
});

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const TESS = { id: hex(0x51), name: "Tess Tech", email: "tess@example.com", permissions: [] as string[], invitationStatus: 0 };
const ME = { id: USER, name: "Ada", email: "ada@example.com", permissions: ["*.*"], invitationStatus: 1 };

async function open(path: string, options: { permissions?: string[]; http?: Record<string, Answer>; tess?: Partial<typeof TESS>; width?: number } = {}): Promise<Harness> {
  return renderScreen({
    path,
    before: ["/users"],
    routes: userRoutes,
    permissions: options.permissions,
    width: options.width,
    http: options.http,
    records: [
      ["users", ME],
      ["users", { ...TESS, ...options.tess }],
    ],
  });
}

/** The text as the page reads it: testing-library collapses runs of spaces in the page, not in the query. */
const oneSpaced = (text: string) => text.replace(/ {2,}/g, " ");
const toggle = (name: string) => screen.getByRole("switch", { name }) as HTMLInputElement;
const on = (name: string) => toggle(name).checked;

async function editTess(user: UserEvent, permissions: string[]) {
  const harness = await open(`/users/${TESS.id}`, { tess: { permissions } });
  await screen.findByRole("heading", { name: "User Information" });
  return harness;
}

describe("Add User", () => {
  it("needs a name and a valid email, starts with every permission, and trims the email", async () => {
    const user = userEvent.setup();
    const harness = await open("/users/new");
    await screen.findByRole("heading", { name: "Add User" });
    const add = screen.getByRole("button", { name: "Add" });
    expect(add).toHaveProperty("disabled", true);
    expect(on("All permissions")).toBe(true);
    expect(on("Mobile Access") && on("Edit Settings") && on("View Reports")).toBe(true);

    await user.type(screen.getByRole("textbox", { name: /^Name/ }), "Nia New");
    expect(add).toHaveProperty("disabled", true);
    await user.type(screen.getByRole("textbox", { name: /^Email/ }), "  nia@");
    await user.tab();
    expect(screen.getByText("Email is not valid")).toBeTruthy();
    expect(add).toHaveProperty("disabled", true);
    await user.type(screen.getByRole("textbox", { name: /^Email/ }), "example.com  ");
    expect(add).toHaveProperty("disabled", false);
    await user.click(add);

    expect(await screen.findByText("Nia New added")).toBeTruthy();
    await waitFor(() => expect(harness.router.state.location.pathname).toMatch(/^\/users\/[0-9a-f]{32}$/));
    const id = harness.router.state.location.pathname.split("/")[2] ?? "";
    const saved = await harness.stored<User>("users", id);
    expect(saved).toMatchObject({ name: "Nia New", email: "nia@example.com", permissions: ["*.*"], invitationStatus: 0 });
    await screen.findByRole("heading", { name: "User Information" });
  });

  it("is blank without SETTINGS_WRITE, and the list has no Add User", async () => {
    await open("/users/new", { permissions: ["SETTINGS_READ"] });
    expect(await screen.findByText("Adding a user needs the Edit Settings permission.")).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});

describe("permission toggling (§5)", () => {
  it("Mobile Access turns on View Location and View Equipment", async () => {
    const user = userEvent.setup();
    await editTess(user, ["WEB_LOGIN"]);
    expect(on("View Location") || on("View Equipment") || on("Mobile Access")).toBe(false);
    await user.click(toggle("Mobile Access"));
    expect(on("Mobile Access")).toBe(true);
    expect(on("View Location")).toBe(true);
    expect(on("View Equipment")).toBe(true);
    expect(on("Web Login")).toBe(true);
  });

  it("turning off View Equipment or View Location turns Mobile Access off", async () => {
    const user = userEvent.setup();
    await editTess(user, ["MOBILE_LOGIN", "LOCATION_READ", "EQUIPMENT_READ"]);
    await user.click(toggle("View Equipment"));
    expect(on("Mobile Access")).toBe(false);
    expect(on("View Location")).toBe(true);
    await user.click(toggle("Mobile Access"));
    expect(on("View Equipment")).toBe(true);
    await user.click(toggle("View Location"));
    expect(on("Mobile Access")).toBe(false);
    expect(on("View Equipment")).toBe(true);
  });

  it("selecting every permission collapses to the wildcard, saved as '*.*'", async () => {
    const user = userEvent.setup();
    const all = ["WEB_LOGIN", "MOBILE_LOGIN", "EQUIPMENT_READ", "EQUIPMENT_WRITE", "SERVICE_READ", "SERVICE_WRITE", "LOCATION_READ", "LOCATION_WRITE", "HISTORY_READ", "HISTORY_WRITE", "DEFICIENCY_READ", "DEFICIENCY_WRITE", "REPORT_READ", "SCHEDULE_READ", "SCHEDULE_WRITE", "SETTINGS_READ"];
    const harness = await editTess(user, all);
    expect(on("All permissions")).toBe(false);
    await user.click(toggle("Edit Settings"));
    expect(on("All permissions")).toBe(true);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Tess Tech saved")).toBeTruthy();
    await waitFor(async () => expect((await harness.stored<User>("users", TESS.id))?.permissions).toEqual(["*.*"]));
  });

  it("'All permissions' off leaves none, and the save keeps the chosen ones in order", async () => {
    const user = userEvent.setup();
    const harness = await editTess(user, ["*.*"]);
    await user.click(toggle("All permissions"));
    expect(on("Web Login")).toBe(false);
    await user.click(toggle("View Settings"));
    await user.click(toggle("Web Login"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(async () => expect((await harness.stored<User>("users", TESS.id))?.permissions).toEqual(["WEB_LOGIN", "SETTINGS_READ"]));
  });

  it("asks before leaving with unsaved edits", async () => {
    const user = userEvent.setup();
    const harness = await editTess(user, []);
    await user.click(toggle("Web Login"));
    await harness.router.navigate("/users");
    expect(await screen.findByRole("dialog", { name: "Leave page?" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(harness.router.state.location.pathname).toBe(`/users/${TESS.id}`);
  });
});

describe("User Information", () => {
  it("is read-only without SETTINGS_WRITE", async () => {
    await open(`/users/${TESS.id}`, { permissions: ["SETTINGS_READ"] });
    await screen.findByRole("heading", { name: "User Information" });
    expect(screen.getByText("You can view these settings. Changing them needs the Edit Settings permission.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /^Name/ })).toHaveProperty("disabled", true);
    expect(toggle("Mobile Access")).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Create Invite Link" })).toHaveProperty("disabled", true);
  });

  it("deletes a user with 'Deleted …', but not oneself", async () => {
    const user = userEvent.setup();
    const harness = await open(`/users/${TESS.id}`);
    await user.click(await screen.findByRole("button", { name: "Delete User" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete user?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Deleted Tess Tech")).toBeTruthy();
    await waitFor(() => expect(harness.router.state.location.pathname).toBe("/users"));
    expect(await harness.stored<User>("users", TESS.id)).toBeUndefined();
    cleanup();
    closeHarnesses();
    await open(`/users/${USER}`);
    expect(await screen.findByRole("button", { name: "Delete User" })).toHaveProperty("disabled", true);
  });
});

describe("role presets", () => {
  const radio = (name: string) => screen.getByRole("radio", { name }) as HTMLInputElement;

  it("fill the permission toggles, which stay editable, and a changed set shows as Custom", async () => {
    const user = userEvent.setup();
    const harness = await editTess(user, []);
    expect(radio("Custom").checked).toBe(true);
    await user.click(radio("Technician"));
    expect(on("Mobile Access") && on("Perform Services") && on("Edit Deficiencies") && on("View Schedule")).toBe(true);
    expect(on("Edit Settings") || on("View Reports") || on("Web Login")).toBe(false);
    expect(radio("Technician").checked).toBe(true);

    await user.click(radio("Read-only"));
    expect(on("Web Login") && on("View Reports") && on("View Settings") && on("View Equipment")).toBe(true);
    expect(on("Mobile Access") || on("Perform Services") || on("Edit Location")).toBe(false);

    await user.click(radio("Office"));
    expect(on("Edit Schedule") && on("Edit Location") && on("View Reports")).toBe(true);
    expect(on("Edit Settings")).toBe(false);
    await user.click(toggle("Edit Settings"));
    expect(radio("Custom").checked).toBe(true);
    expect(radio("Office").checked).toBe(false);
    await user.click(toggle("Edit Settings"));
    expect(radio("Office").checked).toBe(true);

    await user.click(radio("Administrator"));
    expect(on("All permissions")).toBe(true);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(async () => expect((await harness.stored<User>("users", TESS.id))?.permissions).toEqual(["*.*"]));
  });

  it("name the role a stored user's permissions match, in either form", async () => {
    await editTess(userEvent.setup(), ["mobile.read", "equipment.read", "equipment.write", "SERVICE_READ", "SERVICE_WRITE", "LOCATION_READ", "HISTORY_READ", "HISTORY_WRITE", "DEFICIENCY_READ", "DEFICIENCY_WRITE", "SCHEDULE_READ"]);
    expect(radio("Technician").checked).toBe(true);
  });

  it("are disabled without SETTINGS_WRITE", async () => {
    await open(`/users/${TESS.id}`, { permissions: ["SETTINGS_READ"] });
    await screen.findByRole("heading", { name: "User Information" });
    expect(radio("Office").disabled).toBe(true);
  });
});

describe("invite link (§4, §8)", () => {
  const path = `POST /api/users/${TESS.id}/invite-link`;

  it("shows the link the server made", async () => {
    const user = userEvent.setup();
    await open(`/users/${TESS.id}`, { http: { [path]: { status: 200, body: { data: { inviteLink: "http://fieldtag.test/accept-invite?userId=x&token=t" } } } } });
    await user.click(await screen.findByRole("button", { name: "Create Invite Link" }));
    expect(await screen.findByDisplayValue("http://fieldtag.test/accept-invite?userId=x&token=t")).toBeTruthy();
    expect(screen.getByText("The link was also mailed to tess@example.com. It lets Tess Tech choose a password and sign in.")).toBeTruthy();
  });

  it("says the device is offline", async () => {
    const user = userEvent.setup();
    await open(`/users/${TESS.id}`, { http: { [path]: "offline" } });
    await user.click(await screen.findByRole("button", { name: "Create Invite Link" }));
    expect(await screen.findByText(oneSpaced("Sorry, looks like you're offline.  Please try again when you have an internet connection"))).toBeTruthy();
  });

  it("says an error occurred when the server refuses", async () => {
    const user = userEvent.setup();
    await open(`/users/${TESS.id}`, { http: { [path]: { status: 409, body: { code: "EmailInUse", message: "Another account already uses this email" } } }, width: PHONE });
    await user.click(await screen.findByRole("button", { name: "Create Invite Link" }));
    expect(await screen.findByText(oneSpaced("Sorry, an error occurred while trying to create an invite link.  Please try again later, or reach out to support"))).toBeTruthy();
  });
});

describe("Users list", () => {
  it("lists users by name with their invitation status, searchable, with Add User for SETTINGS_WRITE", async () => {
    const user = userEvent.setup();
    await open("/users");
    const list = await screen.findByRole("list", { name: "Users" });
    await waitFor(() => expect(within(list).getAllByRole("link").map((l) => l.textContent)).toEqual(["Adaada@example.com · Invitation accepted", "Tess Techtess@example.com · Invitation pending"]));
    expect(screen.getByRole("link", { name: "Add User" })).toBeTruthy();
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "tess tech");
    await waitFor(() => expect(within(list).getAllByRole("link")).toHaveLength(1));
  });
});
