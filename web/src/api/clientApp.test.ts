import { describe, expect, it } from "vitest";
import { CLIENT_HEADER, clientApp } from "./clientApp";

/** A window whose display mode is `mode`, as `matchMedia('(display-mode: …)')` answers it. */
function shown(mode: string | null, standalone?: boolean) {
  return {
    matchMedia: (query: string) => ({ matches: mode !== null && query === `(display-mode: ${mode})` }),
    navigator: standalone === undefined ? {} : { standalone },
  };
}

describe("which app this is (X-Fieldtag-Client)", () => {
  it("is the phone app when installed: standalone, fullscreen or minimal-ui", () => {
    for (const mode of ["standalone", "fullscreen", "minimal-ui"]) expect(clientApp(shown(mode))).toBe("mobile");
  });

  it("is the phone app on iOS's home screen", () => {
    expect(clientApp(shown(null, true))).toBe("mobile");
  });

  it("is the web app in a browser tab, or where nothing can tell", () => {
    expect(clientApp(shown("browser", false))).toBe("web");
    expect(clientApp({})).toBe("web");
  });

  it("names the header the server reads", () => {
    expect(CLIENT_HEADER).toBe("X-Fieldtag-Client");
  });
});
