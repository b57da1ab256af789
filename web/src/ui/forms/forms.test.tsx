// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderThemed } from "../../test/render";
import { ChoiceInput } from "./ChoiceInput";
import { DateField } from "./DateField";
import { ShowFieldErrors } from "./fieldErrors";
import { NumberInput } from "./NumberInput";
import { SelectInput, type SelectOption } from "./SelectInput";
import { TextInput } from "./TextInput";
import { parseNumber, textError } from "./validation";

function EmailField({ type, required }: { type?: "email"; required?: boolean }) {
  const [value, setValue] = useState("");
  return (
    <>
      <TextInput label="Email" type={type} required={required} value={value} onChange={setValue} />
      <button type="button">Next</button>
    </>
  );
}

function AmountField({ initial, onChange = () => {} }: { initial?: number; onChange?: (value: number | undefined) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <NumberInput
        label="Amount"
        required
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button" onClick={() => setValue(42)}>
        Reset
      </button>
    </>
  );
}

function PlanSelect({ options, onChange = () => {} }: { options: SelectOption[]; onChange?: (value: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <SelectInput
      label="Plan"
      value={value}
      options={options}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const plans: SelectOption[] = [
  { value: "basic", label: "Basic" },
  { value: "enterprise", label: "Enterprise" },
];

describe("field rules", () => {
  it("textError: required blank, then email pattern", () => {
    expect(textError("", { required: true })).toBe("required");
    expect(textError("   ", { required: true })).toBe("required");
    expect(textError("", {})).toBeUndefined();
    expect(textError("", { type: "email" })).toBeUndefined();
    expect(textError("ada@", { type: "email" })).toBe("emailNotValid");
    expect(textError(" ada@example.com ", { type: "email", required: true })).toBeUndefined();
    expect(textError("ada@", { type: "text" })).toBeUndefined();
  });

  it("parseNumber: a number, or undefined", () => {
    expect(parseNumber("12")).toBe(12);
    expect(parseNumber(" -1.5 ")).toBe(-1.5);
    expect(parseNumber("1.")).toBe(1);
    expect(parseNumber("")).toBeUndefined();
    expect(parseNumber("-")).toBeUndefined();
    expect(parseNumber("abc")).toBeUndefined();
    expect(parseNumber("Infinity")).toBeUndefined();
  });
});

describe("TextInput", () => {
  afterEach(cleanup);

  it("shows no error on arrival; a required field shows its Required icon once touched, while empty", async () => {
    const user = userEvent.setup();
    renderThemed(<EmailField required />);
    const field = screen.getByRole("textbox", { name: "Email" });
    expect(screen.queryByRole("img", { name: "Required" })).toBeNull();
    expect(field.getAttribute("aria-invalid")).toBe("false");
    expect(field).toHaveProperty("required", true);

    await user.click(field);
    await user.tab();
    expect(screen.getByRole("img", { name: "Required" })).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");

    await user.type(field, "Ada");
    expect(screen.queryByRole("img", { name: "Required" })).toBeNull();
    expect(field.getAttribute("aria-invalid")).toBe("false");
    await user.clear(field);
    expect(screen.getByRole("img", { name: "Required" })).toBeTruthy();
  });

  it("shows every field's error once the form's Save was pressed, touched or not", () => {
    renderThemed(
      <ShowFieldErrors when>
        <EmailField required />
      </ShowFieldErrors>,
    );
    expect(screen.getByRole("img", { name: "Required" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Email" }).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows a message of the form's own (a short password) once the field is left", async () => {
    const user = userEvent.setup();
    function PasswordField() {
      const [value, setValue] = useState("");
      return <TextInput label="Password" type="password" value={value} onChange={setValue} helperText="At least 8 characters" error={value.length < 8 ? "Too short" : undefined} />;
    }
    renderThemed(<PasswordField />);
    expect(screen.getByText("At least 8 characters")).toBeTruthy();
    await user.type(screen.getByLabelText("Password"), "short");
    expect(screen.queryByText("Too short")).toBeNull();
    await user.tab();
    expect(screen.getByText("Too short")).toBeTruthy();
    expect(screen.queryByText("At least 8 characters")).toBeNull();
  });

  it("has no icon when not required", () => {
    renderThemed(<EmailField />);
    expect(screen.queryByRole("img", { name: "Required" })).toBeNull();
  });

  it("says 'Email is not valid' once a bad address is left, and clears when fixed", async () => {
    const user = userEvent.setup();
    renderThemed(<EmailField type="email" />);
    const field = screen.getByRole("textbox", { name: "Email" });
    await user.type(field, "ada@");
    expect(screen.queryByText("Email is not valid")).toBeNull();
    expect(field.getAttribute("aria-invalid")).toBe("false");

    await user.tab();
    expect(screen.getByText("Email is not valid")).toBeTruthy();

    await user.type(field, "example.com");
    expect(screen.queryByText("Email is not valid")).toBeNull();
    expect(field.getAttribute("aria-invalid")).toBe("false");
  });
});

describe("NumberInput", () => {
  afterEach(cleanup);

  it("keeps only a number as it is typed", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderThemed(<AmountField onChange={onChange} />);
    const field = screen.getByRole("textbox", { name: "Amount" });
    await user.type(field, "1a2.5x");
    expect(field).toHaveProperty("value", "12.5");
    expect(onChange).toHaveBeenLastCalledWith(12.5);
  });

  it("empties a field left without a number", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderThemed(<AmountField onChange={onChange} />);
    const field = screen.getByRole("textbox", { name: "Amount" });
    await user.type(field, "-");
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    await user.tab();
    expect(field).toHaveProperty("value", "");
    expect(screen.getByRole("img", { name: "Required" })).toBeTruthy();
  });

  it("settles a trailing point when left, and follows a value set from outside", async () => {
    const user = userEvent.setup();
    renderThemed(<AmountField initial={7} />);
    const field = screen.getByRole("textbox", { name: "Amount" });
    expect(field).toHaveProperty("value", "7");
    await user.clear(field);
    await user.type(field, "3.");
    await user.tab();
    expect(field).toHaveProperty("value", "3");
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(field).toHaveProperty("value", "42");
  });
});

describe("SelectInput", () => {
  afterEach(cleanup);

  it("selects its first option when it has no value and no empty option", () => {
    const onChange = vi.fn();
    renderThemed(<PlanSelect options={plans} onChange={onChange} />);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith("basic");
    expect(screen.getByRole("combobox", { name: "Plan" }).textContent).toBe("Basic");
  });

  it("leaves the value empty when an empty option exists", () => {
    const onChange = vi.fn();
    renderThemed(<PlanSelect options={[{ value: "", label: "None" }, ...plans]} onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows the Required icon while a required select is left on its empty option", async () => {
    const user = userEvent.setup();
    function DueWhen() {
      const [value, setValue] = useState("");
      return <SelectInput label="Due When" required value={value} onChange={setValue} options={[{ value: "", label: "Choose one" }, ...plans]} />;
    }
    renderThemed(<DueWhen />);
    const select = screen.getByRole("combobox", { name: /^Due When/ });
    expect(select.getAttribute("aria-invalid")).toBe("false");
    expect(screen.queryByRole("img", { name: "Required" })).toBeNull();
    select.focus();
    await user.tab();
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("img", { name: "Required" })).toBeTruthy();
    select.focus();
    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("option", { name: "Enterprise" }));
    expect(screen.queryByRole("img", { name: "Required" })).toBeNull();
    expect(screen.getByRole("combobox", { name: /^Due When/ }).getAttribute("aria-invalid")).toBe("false");
  });

  it("changes by keyboard", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderThemed(<PlanSelect options={plans} onChange={onChange} />);
    screen.getByRole("combobox", { name: "Plan" }).focus();
    await user.keyboard("{Enter}");
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getAllByRole("option").map((option) => option.textContent)).toEqual(["Basic", "Enterprise"]);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith("enterprise");
    expect(screen.getByRole("combobox", { name: "Plan" }).textContent).toBe("Enterprise");
  });
});

describe("every kind of field waits for a touch or a Save before its error shows", () => {
  afterEach(cleanup);

  function Fields() {
    const [amount, setAmount] = useState<number | undefined>(undefined);
    const [date, setDate] = useState("");
    const [country, setCountry] = useState("");
    return (
      <>
        <NumberInput label="Amount" required value={amount} onChange={setAmount} />
        <DateField label="Opened" value={date} onChange={setDate} error={date === "" ? "required" : undefined} />
        <ChoiceInput label="Country" required value={country} onChange={setCountry} options={[{ value: "CA", label: "Canada" }]} />
      </>
    );
  }

  it("shows none on arrival", () => {
    renderThemed(<Fields />);
    expect(screen.queryAllByRole("img", { name: "Required" })).toHaveLength(0);
    expect(screen.getByRole("textbox", { name: /^Amount/ }).getAttribute("aria-invalid")).toBe("false");
    expect(screen.getByRole("combobox", { name: /^Country/ }).getAttribute("aria-invalid")).toBe("false");
  });

  it("shows each one the user has left empty", async () => {
    const user = userEvent.setup();
    renderThemed(<Fields />);
    await user.click(screen.getByRole("textbox", { name: /^Amount/ }));
    await user.tab();
    expect(screen.queryAllByRole("img", { name: "Required" })).toHaveLength(1);
    // The tab went on into Opened; leaving it for Country, then Country, shows theirs.
    await user.click(screen.getByRole("combobox", { name: /^Country/ }));
    await user.click(document.body);
    expect(screen.queryAllByRole("img", { name: "Required" })).toHaveLength(3);
  });

  it("shows them all once Save was pressed", () => {
    renderThemed(
      <ShowFieldErrors when>
        <Fields />
      </ShowFieldErrors>,
    );
    expect(screen.queryAllByRole("img", { name: "Required" })).toHaveLength(3);
  });
});
