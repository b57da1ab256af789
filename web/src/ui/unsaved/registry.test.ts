import { describe, expect, it } from "vitest";
import { createUnsavedRegistry } from "./registry";

describe("the registry of forms with unsaved edits", () => {
  it("holds nothing back while no form is dirty", () => {
    const registry = createUnsavedRegistry();
    registry.register();
    registry.register().setDirty(false);
    expect(registry.holdsEdits()).toBe(false);
    expect(registry.shouldBlock()).toBe(false);
  });

  it("blocks when any one of several forms is dirty", () => {
    const registry = createUnsavedRegistry();
    const site = registry.register();
    const months = registry.register();
    months.setDirty(true);
    expect(registry.holdsEdits()).toBe(true);
    expect(registry.shouldBlock()).toBe(true);
    site.setDirty(true);
    months.setDirty(false);
    expect(registry.shouldBlock()).toBe(true);
    site.setDirty(false);
    expect(registry.shouldBlock()).toBe(false);
  });

  it("forgets a form that leaves the screen", () => {
    const registry = createUnsavedRegistry();
    const form = registry.register();
    form.setDirty(true);
    form.unregister();
    expect(registry.shouldBlock()).toBe(false);
  });

  it("lets the next navigation through once a form's edits are saved, but not another form's edits", () => {
    const registry = createUnsavedRegistry();
    const saved = registry.register();
    const other = registry.register();
    saved.setDirty(true);
    saved.allowNextNavigation();
    expect(registry.holdsEdits()).toBe(false);
    expect(registry.shouldBlock()).toBe(false);

    saved.allowNextNavigation();
    other.setDirty(true);
    expect(registry.shouldBlock()).toBe(true);
  });

  it("spends the allowance on one navigation", () => {
    const registry = createUnsavedRegistry();
    const form = registry.register();
    form.setDirty(true);
    form.allowNextNavigation();
    expect(registry.shouldBlock()).toBe(false);
    // Still dirty (the save did not navigate, or the re-render has not come): the next one asks.
    expect(registry.shouldBlock()).toBe(true);
  });

  it("takes back the allowance when the form is edited again", () => {
    const registry = createUnsavedRegistry();
    const form = registry.register();
    form.allowNextNavigation();
    form.setDirty(true);
    expect(registry.shouldBlock()).toBe(true);
  });
});
