import { describe, expect, it } from "vitest";
import { isBlankHtml, sanitizeHtml } from "../../worker/platform/sanitize-html";

describe("sanitizeHtml (allowlist)", () => {
  it("keeps the allowed structure and text", async () => {
    const html =
      "<h2>Full moon</h2><p>Join us <strong>tonight</strong>, <em>bring</em> <b>a</b> <i>blanket</i> <u>and</u> " +
      "tea.<br>See you</p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quiet</blockquote><h1>a</h1><h3>" +
      "b</h3><h4>c</h4>";
    expect(await sanitizeHtml(html)).toBe(html);
  });

  it("drops script tags with their content", async () => {
    expect(await sanitizeHtml("<p>hi</p><script>alert(1)</script><p>bye</p>")).toBe("<p>hi</p><p>bye</p>");
    expect(await sanitizeHtml("<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok")).toBe("ok");
  });

  it("drops style, iframe, object, embed and math elements with their content", async () => {
    const out = await sanitizeHtml(
      '<style>p{}</style><iframe src="https://evil.example">x</iframe><object data="x">y</object><embed src="x">' +
        "<math><mi>z</mi></math>ok",
    );
    expect(out).toBe("ok");
  });

  it("strips event-handler and every other non-allowed attribute", async () => {
    expect(await sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x" id="y">hi</p>')).toBe("<p>hi</p>");
    expect(await sanitizeHtml("<strong onmouseover=alert(1)>x</strong>")).toBe("<strong>x</strong>");
    expect(await sanitizeHtml("<p/onclick=alert(1)>x</p>")).not.toMatch(/onclick/i);
  });

  it("removes javascript: and other unsafe link schemes but keeps the text", async () => {
    expect(await sanitizeHtml('<a href="javascript:alert(1)">click</a>')).toBe("click");
    expect(await sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe("x");
    expect(await sanitizeHtml('<a href="jav&#x61;script:alert(1)">x</a>')).toBe("x");
    expect(await sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe("x");
    expect(await sanitizeHtml('<a href="/relative">x</a>')).toBe("x");
  });

  it("keeps http(s) and mailto links and makes them open safely in a new tab", async () => {
    const out = await sanitizeHtml('<a href="https://example.com/a?b=1" onclick="x" title="t">site</a>');
    expect(out).toBe('<a href="https://example.com/a?b=1" rel="noopener noreferrer" target="_blank">site</a>');
    expect(await sanitizeHtml('<a href="mailto:hi@example.com">mail</a>')).toContain('href="mailto:hi@example.com"');
  });

  it("drops <svg onload> entirely", async () => {
    expect(await sanitizeHtml('<svg onload="alert(1)"><circle r="4"/><script>alert(2)</script></svg>after')).toBe(
      "after",
    );
  });

  it("drops <img src=x onerror> and keeps http(s) images with src and alt only", async () => {
    expect(await sanitizeHtml("<img src=x onerror=alert(1)>")).toBe("");
    expect(await sanitizeHtml('<img src="javascript:alert(1)">')).toBe("");
    expect(await sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe("");
    const out = await sanitizeHtml('<img src="https://example.com/m.png" alt="moon" onerror="x" width="9">');
    expect(out).toMatch(/^<img src="https:\/\/example.com\/m.png" alt="moon"\s*\/?>$/);
  });

  it("unwraps unknown elements keeping their text, and removes comments", async () => {
    expect(
      await sanitizeHtml(
        '<div class="x"><span>hello</span> <form action="x"><input value="v">world</form></div><!-- secret -->',
      ),
    ).toBe("hello world");
    expect(await sanitizeHtml("<custom-el>text</custom-el>")).toBe("text");
  });

  it("does not let raw-text elements smuggle markup out when unwrapped", async () => {
    const out = await sanitizeHtml(
      "<textarea><script>alert(1)</script></textarea><noscript><img src=x onerror=alert(1)></noscript><title><script>" +
        "x</script></title>ok",
    );
    expect(out).toBe("ok");
  });

  it("keeps escaped text escaped", async () => {
    expect(await sanitizeHtml("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
  });

  it("tells blank HTML apart", () => {
    expect(isBlankHtml("<p> </p><br>")).toBe(true);
    expect(isBlankHtml("<p>&nbsp;</p>")).toBe(true);
    expect(isBlankHtml("<p>x</p>")).toBe(false);
    expect(isBlankHtml('<img src="https://e.com/a.png">')).toBe(false);
  });
});
