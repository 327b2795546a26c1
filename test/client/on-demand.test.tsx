// Parts loaded on demand (client/components/on-demand.tsx): a part's code loads when it is first shown
// (not when declared), once; its fallback shows until the code arrives, even when the trigger was pressed
// before; its props reach it; `preload` starts the download early; `after` holds it back. The item menu's
// list opens from its button with the keyboard behaving as before.
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ItemMenu } from "../../client/components/ItemMenu";
import { onDemand } from "../../client/components/on-demand";
import { TEXT } from "../../client/text";
import { REACTIONS } from "../../worker/shared/rules";

function Greeting({ who }: { who: string }) {
  return <p>Hello {who}</p>;
}

/** A button that shows `part` once pressed. */
function Trigger({ part }: { part: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && part}
    </>
  );
}

describe("onDemand", () => {
  it("loads when first shown, shows the fallback until the code arrives, then the part with its props", async () => {
    let arrive: (component: typeof Greeting) => void = () => {};
    const load = vi.fn(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const Part = onDemand(load, ["ai"]);
    render(<Trigger part={<Part who="Sol" fallback={<p>Waiting for Sol</p>} />} />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    // Pressed before the code is there: its fallback shows, then the part itself.
    expect(screen.getByText("Waiting for Sol")).toBeTruthy();
    await act(async () => arrive(Greeting));
    expect(await screen.findByText("Hello Sol")).toBeTruthy();
    expect(screen.queryByText("Waiting for Sol")).toBeNull();

    render(<Part who="Luna" />);
    expect(screen.getByText("Hello Luna")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("draws nothing in its place while loading when given no fallback", () => {
    const Part = onDemand(() => new Promise<typeof Greeting>(() => {}));
    const { container } = render(<Part who="Mira" />);
    expect(container.textContent).toBe("");
  });

  it("waits for `after` before loading (the shell's parts wait for the first screen to be shown)", async () => {
    const load = vi.fn(async () => () => <p>Loaded</p>);
    let shown = () => {};
    const Part = onDemand(load, [], new Promise<void>((resolve) => (shown = resolve)));
    render(<Part />);
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText("Loaded")).toBeNull();
    act(() => shown());
    expect(await screen.findByText("Loaded")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("preload starts the download once; showing it later loads nothing more", async () => {
    const load = vi.fn(async () => () => <p>Loaded</p>);
    const Part = onDemand(load);
    Part.preload();
    Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(<Part />);
    expect(await screen.findByText("Loaded")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("the item menu's list, on demand", () => {
  it("opens from its button with the reaction picker first, runs an action, and Escape returns focus", async () => {
    const onReply = vi.fn();
    const onReact = vi.fn();
    render(<ItemMenu label="Actions for Sol" items={[{ label: "Reply", onSelect: onReply }]} onReact={onReact} />);
    const toggle = screen.getByRole("button", { name: "Actions for Sol" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const user = userEvent.setup();
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    // Focus stays on the button; Tab reaches the picker's first emoji, then the actions.
    const first = await screen.findByRole("button", { name: TEXT.menus.reactWith(REACTIONS.emoji[0]) });
    expect(document.activeElement).toBe(toggle);
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("button", { name: "Reply" })).toBeNull();
    expect(document.activeElement).toBe(toggle);

    await user.click(toggle);
    await user.click(await screen.findByRole("button", { name: "Reply" }));
    expect(onReply).toHaveBeenCalledTimes(1);
    expect(onReact).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Reply" })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});
