// @vitest-environment jsdom
import { ListItem } from "@mui/material";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { PagedList } from "./PagedList";
import { renderThemed } from "../test/render";

const numbers = (count: number, from = 1) => Array.from({ length: count }, (_, i) => from + i);

function list(items: readonly number[]) {
  return <PagedList items={items} itemKey={(n) => n} renderItem={(n) => <ListItem>Item {n}</ListItem>} empty={<p>No Equipment</p>} />;
}

const rows = () => screen.queryAllByRole("listitem");
const seeMore = () => screen.queryByRole("button", { name: "See More" });

describe("PagedList", () => {
  afterEach(cleanup);

  it("shows 50, then 100, then all, with See More hidden once everything shows", async () => {
    const user = userEvent.setup();
    renderThemed(list(numbers(120)));
    expect(rows()).toHaveLength(50);
    expect(rows()[49]?.textContent).toBe("Item 50");

    await user.click(seeMore()!);
    expect(rows()).toHaveLength(100);
    await user.click(seeMore()!);
    expect(rows()).toHaveLength(120);
    expect(seeMore()).toBeNull();
  });

  it("has no See More at exactly 50 items", () => {
    renderThemed(list(numbers(50)));
    expect(rows()).toHaveLength(50);
    expect(seeMore()).toBeNull();
  });

  it("shows the empty node when there are no items", () => {
    renderThemed(list([]));
    expect(screen.getByText("No Equipment")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("starts again at 50 when the items change, and keeps the count when they do not", async () => {
    const user = userEvent.setup();
    const first = numbers(200);
    const { rerender } = renderThemed(list(first));
    await user.click(seeMore()!);
    rerender(list(first));
    expect(rows()).toHaveLength(100);

    rerender(list(numbers(150, 1000)));
    expect(rows()).toHaveLength(50);
    expect(rows()[0]?.textContent).toBe("Item 1000");
  });

  it("can be paged by keyboard", async () => {
    const user = userEvent.setup();
    renderThemed(list(numbers(60)));
    seeMore()!.focus();
    await user.keyboard("{Enter}");
    expect(rows()).toHaveLength(60);
  });
});
