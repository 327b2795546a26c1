import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatClp, relativeTime } from "../../client/components/format";
import { extractLinks, LinkifiedText } from "../../client/components/LinkifiedText";

describe("relative time", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  it("says Just now under an hour, then hours, then days", () => {
    expect(relativeTime("2026-11-22T11:30:00Z", now)).toBe("Just now");
    expect(relativeTime("2026-11-22T11:00:00Z", now)).toBe("1h ago");
    expect(relativeTime("2026-11-21T12:00:01Z", now)).toBe("23h ago");
    expect(relativeTime("2026-11-21T12:00:00Z", now)).toBe("1d ago");
    expect(relativeTime("2026-11-12T12:00:00Z", now)).toBe("10d ago");
  });
  it("formats CLP as the spec shows it", () => expect(formatClp(15000)).toBe("$15,000 CLP"));
});

describe("links in text", () => {
  it("finds http(s) and www links without trailing punctuation", () => {
    expect(extractLinks("see https://a.example/x?y=1, and www.b.example. Also http://c.example/!")).toEqual([
      "https://a.example/x?y=1",
      "https://www.b.example",
      "http://c.example/",
    ]);
  });
  it("renders links that open safely in a new tab and keeps markup as text", () => {
    const { container } = render(<LinkifiedText text={"<b>hi</b> https://a.example javascript:alert(1)"} />);
    const links = container.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute("href")).toBe("https://a.example");
    expect(links[0].getAttribute("rel")).toBe("noopener noreferrer");
    expect(links[0].getAttribute("target")).toBe("_blank");
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toContain("<b>hi</b>");
  });
});
