import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkPreviewUrl,
  fetchPage,
  getLinkPreview,
  PREVIEW_LIMITS,
  PreviewRefused,
  parsePreview,
} from "../../worker/features/chat/link-preview";
import { call, json, signIn } from "./helpers";

type Route = { status?: number; headers?: Record<string, string>; body?: string | Uint8Array };

/** A fake internet at the HTTP boundary: answers by URL and records every request made. */
function fakeFetch(routes: Record<string, Route>) {
  const requested: string[] = [];
  const impl = async (input: string, init: RequestInit) => {
    requested.push(input);
    expect(init.redirect).toBe("manual");
    const route = routes[input];
    if (!route) throw new TypeError(`unexpected fetch ${input}`);
    return new Response(route.body as BodyInit, {
      status: route.status ?? 200,
      headers: { "content-type": "text/html; charset=utf-8", ...route.headers },
    });
  };
  return { impl, requested };
}

const REFUSED = [
  "http://127.0.0.1/",
  "http://localhost/",
  "http://localhost./admin",
  "http://10.0.0.1/",
  "http://[::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://169.254.169.254/latest/meta-data/",
  "http://2130706433/",
  "http://0x7f.1/",
  "file:///etc/passwd",
  "ftp://example.com/",
  "javascript:alert(1)",
  "http://user:pass@example.com/",
  "http://user@example.com/",
  "http://example.com:8080/",
  "https://example.com:80/",
  "http://intranet/",
  "http://printer.local/",
  "http://metadata.google.internal/",
  "http://app.localhost/",
  "not a url",
];

describe("link preview URL checks", () => {
  it.each(REFUSED)("refuses %s without fetching it", async (url) => {
    const { impl, requested } = fakeFetch({});
    expect(() => checkPreviewUrl(url)).toThrow(PreviewRefused);
    await expect(fetchPage(url, impl)).rejects.toBeInstanceOf(PreviewRefused);
    expect(requested).toEqual([]);
  });

  it("allows public http(s) names on default ports", () => {
    expect(checkPreviewUrl("https://example.com/a?b=1").hostname).toBe("example.com");
    expect(checkPreviewUrl("http://example.com:80/").toString()).toBe("http://example.com/");
    expect(checkPreviewUrl("https://news.example.co.uk:443/x").port).toBe("");
  });

  it("re-checks every redirect hop and refuses a redirect to a private address", async () => {
    const { impl, requested } = fakeFetch({
      "https://example.com/go": { status: 302, headers: { location: "https://short.example/x" } },
      "https://short.example/x": { status: 301, headers: { location: "http://169.254.169.254/latest/meta-data/" } },
    });
    await expect(fetchPage("https://example.com/go", impl)).rejects.toThrow(/IP addresses/);
    expect(requested).toEqual(["https://example.com/go", "https://short.example/x"]);

    const toLocal = fakeFetch({
      "https://example.com/r": { status: 307, headers: { location: "http://localhost:8787/" } },
    });
    await expect(fetchPage("https://example.com/r", toLocal.impl)).rejects.toBeInstanceOf(PreviewRefused);
  });

  it("follows at most three redirects, resolving relative locations", async () => {
    const page = "<title>Arrived</title>";
    const ok = fakeFetch({
      "https://a.example/1": { status: 301, headers: { location: "/2" } },
      "https://a.example/2": { status: 302, headers: { location: "https://b.example/3" } },
      "https://b.example/3": { status: 303, headers: { location: "4" } },
      "https://b.example/4": { body: page },
    });
    expect((await getLinkPreview("https://a.example/1", ok.impl)).title).toBe("Arrived");

    const tooMany = fakeFetch({
      "https://a.example/1": { status: 301, headers: { location: "/2" } },
      "https://a.example/2": { status: 301, headers: { location: "/3" } },
      "https://a.example/3": { status: 301, headers: { location: "/4" } },
      "https://a.example/4": { status: 301, headers: { location: "/5" } },
      "https://a.example/5": { body: page },
    });
    await expect(fetchPage("https://a.example/1", tooMany.impl)).rejects.toThrow(/Too many redirects/);
    expect(tooMany.requested).toHaveLength(4);
  });

  it("refuses error pages and non-HTML answers", async () => {
    const { impl } = fakeFetch({
      "https://example.com/404": { status: 404, body: "gone" },
      "https://example.com/pic": { headers: { "content-type": "image/png" }, body: "x" },
    });
    await expect(fetchPage("https://example.com/404", impl)).rejects.toBeInstanceOf(PreviewRefused);
    await expect(fetchPage("https://example.com/pic", impl)).rejects.toThrow(/Not an HTML page/);
  });
});

describe("link preview parser", () => {
  const base = new URL("https://blog.example.com/posts/42");

  it("reads og tags", async () => {
    const html = `<html><head><title>Fallback</title>
      <meta property="og:title" content="Cosmic &amp; Calm">
      <meta property="og:description" content="  A   quiet\n place ">
      <meta property="og:image" content="https://cdn.example.com/og.png">
      <meta property="og:site_name" content="Example Blog">
      <link rel="icon" href="https://cdn.example.com/icon.png"></head><body>x</body></html>`;
    expect(await parsePreview(html, base)).toEqual({
      title: "Cosmic & Calm",
      description: "A quiet place",
      image: "https://cdn.example.com/og.png",
      favicon: "https://cdn.example.com/icon.png",
      siteName: "Example Blog",
    });
  });

  it("falls back to twitter tags", async () => {
    const html = `<head><meta name="twitter:title" content="Tweet title"><meta name="twitter:description" \
content="Tweet text"><meta name="twitter:image" content="/tw.jpg"></head>`;
    expect(await parsePreview(html, base)).toMatchObject({
      title: "Tweet title",
      description: "Tweet text",
      image: "https://blog.example.com/tw.jpg",
    });
  });

  it("uses only <title> (and the host) when nothing else is there", async () => {
    expect(await parsePreview("<html><head><title>  Just a &lt;title&gt; </title></head></html>", base)).toEqual({
      title: "Just a <title>",
      description: null,
      image: null,
      favicon: "https://blog.example.com/favicon.ico",
      siteName: "blog.example.com",
    });
  });

  it("resolves relative image and icon URLs and drops non-http ones", async () => {
    const html = `<head><meta property="og:image" content="../img/cover.png"><link rel="shortcut icon" \
href="/static/fav.ico"><meta name="description" content="Plain description"></head>`;
    expect(await parsePreview(html, base)).toMatchObject({
      image: "https://blog.example.com/img/cover.png",
      favicon: "https://blog.example.com/static/fav.ico",
      description: "Plain description",
    });
    const evil = `<head><meta property="og:image" content="javascript:alert(1)"><link rel="icon" \
href="data:image/svg+xml,x"></head>`;
    expect(await parsePreview(evil, base)).toMatchObject({ image: null, favicon: null });
  });

  it("cuts a huge page off at the byte cap", async () => {
    const padding = `<p>${"x".repeat(PREVIEW_LIMITS.maxBytes)}</p>`;
    const html = `<head><title>Early title</title></head><body>${padding}<meta property="og:title" content="Too \
late"></body>`;
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless page after the real content: the reader must stop at the cap.
        const chunk = pulled === 0 ? new TextEncoder().encode(html) : new Uint8Array(64 * 1024).fill(0x20);
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const impl = async () => new Response(stream, { headers: { "content-type": "text/html" } });
    const page = await fetchPage("https://huge.example/", impl);
    expect(page.html.byteLength).toBe(PREVIEW_LIMITS.maxBytes);
    expect(pulled).toBeLessThan(5);
    expect((await parsePreview(page.html, page.url)).title).toBe("Early title");
  });
});

describe("POST /api/link-preview", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is for signed-in users only and validates its body", async () => {
    expect((await call("/api/link-preview", { method: "POST", json: { url: "https://example.com" } })).status).toBe(
      401,
    );
    const luna = await signIn("luna@example.com", "Luna");
    expect((await call("/api/link-preview", { method: "POST", cookie: luna, json: {} })).status).toBe(400);
    expect(
      (await call("/api/link-preview", { method: "POST", cookie: luna, json: { url: "x".repeat(3000) } })).status,
    ).toBe(400);
  });

  it("refuses private targets with 400 and never touches the network", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      throw new Error("network must not be used");
    });
    const luna = await signIn("luna@example.com", "Luna");
    for (const url of [
      "http://127.0.0.1",
      "http://localhost",
      "http://10.0.0.1",
      "http://[::1]",
      "http://169.254.169.254",
      "file:///etc/passwd",
      "http://a:b@example.com/",
      "http://example.com:8443/",
    ]) {
      const res = await call("/api/link-preview", { method: "POST", cookie: luna, json: { url } });
      expect(res.status, url).toBe(400);
      expect(typeof (await json(res)).error).toBe("string");
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it("answers { success, preview } from a faked page, then from the cache", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      expect(String(input instanceof Request ? input.url : input)).toBe("https://cache-test.example/page");
      return new Response(`<title>Faked page</title><meta property="og:image" content="/i.png">`, {
        headers: { "content-type": "text/html" },
      });
    });
    const luna = await signIn("luna@example.com", "Luna");
    const first = await call("/api/link-preview", {
      method: "POST",
      cookie: luna,
      json: { url: "https://cache-test.example/page" },
    });
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({
      success: true,
      preview: {
        title: "Faked page",
        description: null,
        image: "https://cache-test.example/i.png",
        favicon: "https://cache-test.example/favicon.ico",
        siteName: "cache-test.example",
      },
    });
    const second = await call("/api/link-preview", {
      method: "POST",
      cookie: luna,
      json: { url: "https://cache-test.example/page" },
    });
    expect((await json(second)).preview.title).toBe("Faked page");
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("answers 502 when the page cannot be fetched", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      throw new TypeError("connection refused");
    });
    const luna = await signIn("luna@example.com", "Luna");
    const res = await call("/api/link-preview", {
      method: "POST",
      cookie: luna,
      json: { url: "https://down.example/" },
    });
    expect(res.status).toBe(502);
    expect((await json(res)).error).toBe("Could not fetch a preview for that link");
  });
});
