// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendLog } from "./logs";

afterEach(() => vi.unstubAllGlobals());

describe("sending a crash log", () => {
  it("says which app sends it", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    await sendLog({ level: "error", message: "boom" });
    const init = fetch.mock.calls[0]?.at(1) as RequestInit | undefined;
    expect((init?.headers as Record<string, string>)["X-Fieldtag-Client"]).toBe("web");
  });
});
