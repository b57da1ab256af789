// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Profiler, Suspense, use, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TabbedPane, type PaneTab } from "./TabbedPane";
import { SPINNER_STEPS } from "./SyncSpinner";
import { renderThemed, setViewportWidth } from "../test/render";

const tabs: PaneTab[] = [
  { value: "all", label: "All", badge: 12 },
  { value: "inspection", label: "Inspection Due", badge: 3 },
  { value: "service", label: "Service Due", badge: 0 },
];

function Pane({ syncing = false, onSearch = vi.fn() }: { syncing?: boolean; onSearch?: (text: string) => void }) {
  const [tab, setTab] = useState("all");
  const [query, setQuery] = useState("");
  return (
    <TabbedPane
      title="Equipment"
      tabs={tabs}
      selectedTab={tab}
      onTabChange={setTab}
      search={tab === "all" ? { value: query, onChange: (text) => { setQuery(text); onSearch(text); } } : undefined}
      syncing={syncing}
      actions={<button type="button">Add Equipment</button>}
    >
      <p>Showing {tab}</p>
    </TabbedPane>
  );
}

describe("TabbedPane", () => {
  afterEach(cleanup);

  it("shows the title, the actions and a tab per entry with its badge number", () => {
    setViewportWidth(375);
    renderThemed(<Pane />);
    expect(screen.getByRole("heading", { name: "Equipment" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add Equipment" })).toBeTruthy();
    // A tab is named by what it shows, badge number included (WCAG label in name).
    const all = screen.getByRole("tab", { name: "All 12" });
    expect(all.getAttribute("aria-selected")).toBe("true");
    expect(all.getAttribute("aria-label")).toBeNull();
    expect(screen.getByRole("tab", { name: "Inspection Due 3" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Service Due" })).toBeTruthy();
    expect(screen.getByRole("tabpanel", { name: "All 12" }).textContent).toBe("Showing all");
  });

  it("switches tabs by click and by keyboard, and shows search only where given", async () => {
    const user = userEvent.setup();
    renderThemed(<Pane />);
    expect(screen.getByRole("searchbox", { name: "Search" })).toBeTruthy();

    await user.click(screen.getByRole("tab", { name: /^Inspection Due/ }));
    expect(screen.getByRole("tabpanel").textContent).toBe("Showing inspection");
    expect(screen.queryByRole("searchbox", { name: "Search" })).toBeNull();

    await user.keyboard("{ArrowRight}{Enter}");
    expect(screen.getByRole("tab", { name: "Service Due" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Service Due" }).textContent).toBe("Showing service");
  });

  it("reports the search text", async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    renderThemed(<Pane onSearch={onSearch} />);
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "pump");
    expect(onSearch).toHaveBeenLastCalledWith("pump");
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveProperty("value", "pump");
  });

  it("shows a Syncing spinner only while syncing", () => {
    renderThemed(<Pane />);
    expect(screen.queryByRole("progressbar", { name: "Syncing" })).toBeNull();
    cleanup();
    renderThemed(<Pane syncing />);
    expect(screen.getByRole("progressbar", { name: "Syncing" })).toBeTruthy();
  });

  it("shows each key at once while the screen's own render of the search waits", async () => {
    // The screen hears the text in a transition: its render, here one waiting on data, keeps
    // what shows meanwhile, and the box shows the key by itself.
    let release = () => {};
    const waiting = new Promise<void>((resolve) => (release = resolve));
    function Results({ query }: { query: string }) {
      if (query === "p") use(waiting);
      return <p>Results for {query || "nothing"}</p>;
    }
    function Screen() {
      const [query, setQuery] = useState("");
      return (
        <Suspense fallback={<p>Loading</p>}>
          <TabbedPane title="Sites" tabs={[]} selectedTab="" onTabChange={vi.fn()} search={{ value: query, onChange: setQuery }}>
            <Results query={query} />
          </TabbedPane>
        </Suspense>
      );
    }
    renderThemed(<Screen />);
    await userEvent.type(screen.getByRole("searchbox", { name: "Search" }), "p");
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveProperty("value", "p");
    expect(screen.queryByText("Loading")).toBeNull();
    expect(screen.getByText("Results for nothing")).toBeTruthy();
    release();
  });

  it("renders no more for a key that fills or empties the box than for any other key", async () => {
    // A form control that tracks whether its box is filled renders the box again, at once, when
    // the first key fills it or the last one empties it: a second render a key waits behind.
    const commits = vi.fn();
    renderThemed(
      <Profiler id="pane" onRender={commits}>
        <Pane />
      </Profiler>,
    );
    const box = screen.getByRole("searchbox", { name: "Search" });
    await userEvent.click(box);
    const rendersFor = async (key: string) => {
      commits.mockClear();
      await userEvent.keyboard(key);
      return commits.mock.calls.length;
    };
    const filling = await rendersFor("a");
    const typing = await rendersFor("b");
    const keeping = await rendersFor("{Backspace}");
    const emptying = await rendersFor("{Backspace}");
    expect(box).toHaveProperty("value", "");
    expect(typing).toBeGreaterThan(0);
    expect(filling).toBe(typing);
    expect(emptying).toBe(keeping);
  });

  it("names the search box by a placeholder and its label for assistive technology, with nothing that moves as it takes the focus", async () => {
    // A floating label slides over 0.2 s as the box takes the focus, right as typing starts
    // (on a first download, while the page is busiest); a search bar's placeholder does not move.
    renderThemed(<Pane />);
    const box = screen.getByRole("searchbox", { name: "Search" });
    expect(box.getAttribute("placeholder")).toBe("Search");
    await userEvent.click(box);
    expect(document.querySelector("label")).toBeNull();
    const field = box.closest(".MuiOutlinedInput-root") as HTMLElement;
    // The outline's notch, cut for a label, holds none: it has nothing to open.
    expect(field.querySelector("legend")?.textContent?.replace(/[\s\u200b]/g, "") ?? "").toBe("");
  });

  it("shows and hides a badge at once, not scaled over a fifth of a second", () => {
    // A search that empties a list and fills it again hides and shows its tab's badge on each
    // key; scaled, each key set the page drawing every frame for 0.2 s, and the next key waited.
    renderThemed(<Pane />);
    const badges = [...document.querySelectorAll<HTMLElement>(".MuiBadge-badge")];
    expect(badges.length).toBeGreaterThan(0);
    for (const badge of badges) expect(getComputedStyle(badge).transition).toBe("none");
  });

  it("turns the Syncing spinner a spoke at a time, a frame drawn per step rather than 60 a second", () => {
    // An animation that moves every frame keeps the page drawing 60 frames a second through a
    // whole first download, and each key typed meanwhile waits behind them for its own.
    renderThemed(<Pane syncing />);
    const spinner = screen.getByRole("progressbar", { name: "Syncing" });
    expect(getComputedStyle(spinner).animation).toMatch(new RegExp(`steps\\(${SPINNER_STEPS}\\)`));
    expect(spinner.querySelectorAll("rect")).toHaveLength(SPINNER_STEPS);
  });
});
