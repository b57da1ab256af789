// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { firstSection, pickerButton, pickerGroup, pickerInput, setPicker } from "../../test/pickers";
import { renderThemed } from "../../test/render";
import { DatePickerField } from "./DatePickerField";
import { DateTimePickerField } from "./DateTimePickerField";
import { yearPageStart } from "./pickerParts";
import { TimePickerField } from "./TimePickerField";

afterEach(cleanup);

function Fields({ date = "", time = "", dateTime = "", missing = false }: { date?: string; time?: string; dateTime?: string; missing?: boolean }) {
  const [values, setValues] = useState({ date, time, dateTime });
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  return (
    <>
      <DatePickerField label="Start Date" value={values.date} onChange={set("date")} required missing={missing && values.date === ""} />
      <TimePickerField label="Start Time" value={values.time} onChange={set("time")} />
      <DateTimePickerField label="Next Date" value={values.dateTime} onChange={set("dateTime")} />
      <output>{JSON.stringify(values)}</output>
      <button type="button" onClick={() => setValues({ date: "2030-01-02", time: "23:59", dateTime: "2030-01-02T03:04" })}>
        Reset
      </button>
    </>
  );
}

const values = () => JSON.parse(screen.getByRole("status").textContent ?? "{}") as Record<string, string>;

describe("date and time fields", { timeout: 30_000 }, () => {
  it("take typed values in the format they show and give the record's text", async () => {
    const user = userEvent.setup();
    renderThemed(<Fields />);
    await user.click(firstSection(/^Start Date/));
    await user.keyboard("2026-03-01");
    await user.click(firstSection(/^Start Time/));
    await user.keyboard("07:45");
    await user.click(firstSection(/^Next Date/));
    await user.keyboard("2031-02-03 04:05");
    expect(values()).toEqual({ date: "2026-03-01", time: "07:45", dateTime: "2031-02-03T04:05" });
    expect([pickerInput(/^Start Date/).value, pickerInput(/^Start Time/).value, pickerInput(/^Next Date/).value]).toEqual(["2026-03-01", "07:45", "2031-02-03 04:05"]);
  });

  it("keep a half-typed date on screen while the record sees none, and take a new value from outside", async () => {
    const user = userEvent.setup();
    renderThemed(<Fields date="2026-03-04" />);
    setPicker(/^Start Date/, "");
    await user.click(firstSection(/^Start Date/));
    await user.keyboard("2027");
    expect(values().date).toBe("");
    expect(within(pickerGroup(/^Start Date/)).getAllByRole("spinbutton")[0]!.textContent).toBe("2027");
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect([pickerInput(/^Start Date/).value, pickerInput(/^Start Time/).value, pickerInput(/^Next Date/).value]).toEqual(["2030-01-02", "23:59", "2030-01-02 03:04"]);
  });

  it("shows the Required icon while a required date is missing", () => {
    renderThemed(<Fields missing />);
    expect(within(pickerGroup(/^Start Date/)).getByTitle("Required")).toBeTruthy();
    setPicker(/^Start Date/, "2026-05-06");
    expect(within(pickerGroup(/^Start Date/)).queryByTitle("Required")).toBeNull();
  });

  it("pages the year view 12 years at a time and goes on to the days of the year picked", async () => {
    const user = userEvent.setup();
    renderThemed(<Fields date="2026-03-04" />);
    await user.click(pickerButton(/^Start Date/));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: /switch to year view/ }));
    const years = () => within(screen.getByRole("dialog")).getAllByRole("radio").map((year) => Number(year.textContent));
    expect(years()).toEqual(Array.from({ length: 12 }, (_, index) => 2020 + index));
    expect(screen.getByText("2020 to 2031")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Later years" }));
    expect(years()).toEqual(Array.from({ length: 12 }, (_, index) => 2032 + index));
    await user.click(screen.getByRole("button", { name: "Earlier years" }));
    await user.click(screen.getByRole("button", { name: "Earlier years" }));
    expect(years()[0]).toBe(2008);
    await user.click(within(screen.getByRole("dialog")).getByRole("radio", { name: "2010" }));
    expect(values().date).toBe("2010-03-04");
    expect(within(screen.getByRole("dialog")).getByText("March 2010")).toBeTruthy();
  });

  it("pages start at 1900, the earliest year offered", () => {
    expect([yearPageStart(1900), yearPageStart(1911), yearPageStart(1912), yearPageStart(2026), yearPageStart(2031), yearPageStart(2032)]).toEqual([1900, 1900, 1912, 2020, 2020, 2032]);
  });

  it("offers every hour 0 to 23 and every minute 0 to 59", async () => {
    const user = userEvent.setup();
    renderThemed(<Fields />);
    await user.click(pickerButton(/^Start Time/));
    const lists = within(screen.getByRole("dialog")).getAllByRole("listbox");
    const options = lists.map((list) => within(list).getAllByRole("option").map((option) => option.textContent));
    expect(options).toEqual([
      Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, "0")),
      Array.from({ length: 60 }, (_, minute) => String(minute).padStart(2, "0")),
    ]);
    // Each option is named by what it shows (axe's label-content-name-mismatch).
    expect(within(lists[0]!).getAllByRole("option").map((option) => option.getAttribute("aria-label"))).toContain("01 hour");
    expect(within(lists[1]!).getAllByRole("option").map((option) => option.getAttribute("aria-label"))).toContain("05 minutes");
    await user.click(within(lists[0]!).getByRole("option", { name: "14 hours" }));
    await user.click(within(lists[1]!).getByRole("option", { name: "05 minutes" }));
    expect(values().time).toBe("14:05");
  });
});
