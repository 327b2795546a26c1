// client/on-demand.tsx: a piece's code loads when it is first rendered (not when it is declared), its
// fallback shows meanwhile, its props reach it, and it is fetched once however often it is shown.
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { onDemand } from "../../client/on-demand";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe("onDemand", () => {
  it("loads on first render, shows the fallback until the code arrives, then the piece with its props", async () => {
    let arrive: (component: typeof Greeting) => void = () => {};
    const load = vi.fn(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const Piece = onDemand(load, ["ai"]);
    expect(load).not.toHaveBeenCalled();

    const { rerender, unmount } = render(<Piece name="Mira" fallback={<p>waiting</p>} />);
    expect(screen.getByText("waiting")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => arrive(Greeting));
    expect(await screen.findByText("Hello Mira")).toBeTruthy();
    expect(screen.queryByText("waiting")).toBeNull();

    rerender(<Piece name="Nova" />);
    expect(screen.getByText("Hello Nova")).toBeTruthy();
    unmount();
    render(<Piece name="Luna" />);
    expect(screen.getByText("Hello Luna")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("draws nothing in its place while loading when given no fallback", () => {
    const Piece = onDemand(() => new Promise<typeof Greeting>(() => {}));
    const { container } = render(<Piece name="Mira" />);
    expect(container.textContent).toBe("");
  });
});
