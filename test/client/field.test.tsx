// The shared form field (client/components/Field.tsx): its label names its control, its hint, error and
// counter describe it, an error or `invalid` marks it invalid, and the control's own props reach it.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Field, Select, TextArea, TextField } from "../../client/components/Field";

const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

/** A text with a counter of 3 characters, as a form keeps it. */
function Counted() {
  const [text, setText] = useState("");
  return (
    <TextArea
      label="Post"
      value={text}
      onChange={(e) => setText(e.target.value)}
      invalid={text.length > 3}
      counter={{ text: `${text.length}/3 characters`, over: text.length > 3 }}
    />
  );
}

describe("Field", () => {
  it("ties the label to the control, with an id of its own or the one given", () => {
    render(
      <>
        <TextField label="Name" value="" onChange={() => {}} />
        <TextField label="Email" id="the-email" type="email" value="" onChange={() => {}} />
      </>,
    );
    const name = screen.getByRole("textbox", { name: "Name" });
    expect(name.id).not.toBe("");
    expect(name.className).toBe("input");
    expect(name.getAttribute("aria-describedby")).toBeNull();
    expect(name.getAttribute("aria-invalid")).toBeNull();
    const email = screen.getByLabelText("Email");
    expect(email.id).toBe("the-email");
    expect(email.getAttribute("type")).toBe("email");
    expect(email.closest(".field")).toBeTruthy();
  });

  it("describes the control with its hint, its error and the control's own description; an error marks it invalid", () => {
    render(
      <>
        <p id="own">Said before</p>
        <TextArea label="Bio" hint="A line about you" error="Too long" aria-describedby="own" value="" readOnly />
      </>,
    );
    const bio = screen.getByRole("textbox", { name: "Bio" });
    expect(bio.tagName).toBe("TEXTAREA");
    expect(describedBy(bio)).toEqual(["Said before", "A line about you", "Too long"]);
    expect(bio.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("A line about you").className).toBe("hint");
  });

  it("marks the control invalid without an error when asked, and keeps a hint's own class", () => {
    render(<TextField label="Hours" type="number" hint="1 to 720" hintClass="faint" invalid value="0" readOnly />);
    const hours = screen.getByRole("spinbutton", { name: "Hours" });
    expect(hours.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(hours)).toEqual(["1 to 720"]);
    expect(screen.getByText("1 to 720").className).toBe("faint");
  });

  it("counts live, describes the control with the counter and shows it over the limit", async () => {
    render(<Counted />);
    const post = screen.getByRole("textbox", { name: "Post" });
    expect(describedBy(post)).toEqual(["0/3 characters"]);
    await userEvent.type(post, "abcd");
    expect(describedBy(post)).toEqual(["4/3 characters"]);
    expect(screen.getByText("4/3 characters").className).toBe("counter over");
    expect(post.getAttribute("aria-invalid")).toBe("true");
  });

  it("gives a select its options and typed value, and an input an addon in a row beside it", async () => {
    const onValue = vi.fn();
    render(
      <>
        <Select
          label="Size"
          className="select input"
          value="s"
          options={["s", "m"] as const}
          optionLabels={{ m: "Medium" }}
          onValue={onValue}
        />
        <TextField label="Link" value="https://x" readOnly addon={<button type="button">Copy</button>} />
      </>,
    );
    const size = screen.getByRole("combobox", { name: "Size" });
    expect(size.className).toBe("select input");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["s", "Medium"]);
    await userEvent.selectOptions(size, "m");
    expect(onValue).toHaveBeenCalledWith("m");
    const link = screen.getByRole("textbox", { name: "Link" });
    expect(link.parentElement?.className).toBe("row");
    expect(link.nextElementSibling?.textContent).toBe("Copy");
  });

  it("takes any control through its render function", () => {
    render(<Field label="Uploading: 40%">{(control) => <progress {...control} max={100} value={40} />}</Field>);
    expect(screen.getByRole("progressbar", { name: "Uploading: 40%" })).toBeTruthy();
  });
});
