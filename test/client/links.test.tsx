// The app's links (client/components/links.tsx): a click navigates inside the app; a click the browser should
// handle (a modifier key, another button, a link that opens elsewhere) is left to it; a NavLink is marked
// active, with aria-current="page", on its own page and the pages under it only.
import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Link, NavLink } from "../../client/components/links";

function Where() {
  return <output>{useLocation().pathname}</output>;
}

function Nav() {
  return (
    <nav>
      <NavLink to="/app/events" className="item">
        Events
      </NavLink>
      <NavLink to="/app/chat">Chat</NavLink>
      <Link to="/app/events/7" onClick={onClick}>
        Full moon circle
      </Link>
      <Link to="/pricing" target="_blank">
        Pricing
      </Link>
      <Where />
    </nav>
  );
}
const onClick = vi.fn();

const at = (path: string) =>
  render(<RouterProvider router={createMemoryRouter([{ path: "*", Component: Nav }], { initialEntries: [path] })} />);
const link = (name: string) => screen.getByRole("link", { name });

/** Clicks `element`: true when the click was left to the browser (not prevented; jsdom then does not follow it). */
function leftToBrowser(element: Element, init?: MouseEventInit) {
  let left = false;
  const stop = (event: Event) => {
    left = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener("click", stop);
  fireEvent.click(element, init);
  window.removeEventListener("click", stop);
  return left;
}

describe("app links", () => {
  it("marks the NavLink of the page and of the pages under it, keeping its own class", () => {
    at("/app/events/7");
    expect(link("Events").getAttribute("aria-current")).toBe("page");
    expect(link("Events").className).toBe("item active");
    expect(link("Chat").getAttribute("aria-current")).toBeNull();
    expect(link("Chat").className).toBe("");
  });

  it("does not mark a page whose path only starts with the same letters", () => {
    at("/app/eventsarchive");
    expect(link("Events").getAttribute("aria-current")).toBeNull();
    expect(link("Events").className).toBe("item");
  });

  it("navigates inside the app on a plain click, after the link's own handler, and the marks follow", () => {
    at("/app/chat");
    expect(link("Full moon circle").getAttribute("href")).toBe("/app/events/7");
    expect(leftToBrowser(link("Full moon circle"))).toBe(false);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByRole("status").textContent).toBe("/app/events/7");
    expect(link("Events").getAttribute("aria-current")).toBe("page");
    expect(link("Chat").getAttribute("aria-current")).toBeNull();
  });

  it("leaves a modified click, another button and a link opening elsewhere to the browser", () => {
    at("/app/chat");
    expect(leftToBrowser(link("Full moon circle"), { ctrlKey: true })).toBe(true);
    expect(leftToBrowser(link("Full moon circle"), { metaKey: true })).toBe(true);
    expect(leftToBrowser(link("Full moon circle"), { button: 1 })).toBe(true);
    expect(leftToBrowser(link("Pricing"))).toBe(true);
    expect(screen.getByRole("status").textContent).toBe("/app/chat");
  });
});
