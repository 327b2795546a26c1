// The address rules every fetch a member can aim shares (link previews, AI image downloads, Web Push): a public web
// address on its default port, with no credentials, no IP literal and no internal host name, spelled one way (host
// in lower case, no trailing dot), so nothing a member writes makes the worker call inside a network.

const INTERNAL_SUFFIXES = [
  ".localhost",
  ".local",
  ".internal",
  ".localdomain",
  ".home.arpa",
  ".lan",
  ".intranet",
  ".corp",
  ".private",
];
const IPV4_LITERAL = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Why an address is refused (each caller words it its own way). */
export type PublicUrlRefusal = "invalid" | "scheme" | "credentials" | "port" | "ip_address" | "internal_host";

/** The address normalised, or why it is refused. `schemes` defaults to http and https. */
export function publicUrl(
  raw: string | URL,
  schemes: readonly string[] = ["http:", "https:"],
): { url: URL } | { refused: PublicUrlRefusal } {
  const url = URL.parse(raw);
  if (!url) return { refused: "invalid" };
  if (!schemes.includes(url.protocol)) return { refused: "scheme" };
  if (url.username || url.password) return { refused: "credentials" };
  // The URL parser drops a port equal to the scheme's default, so any port left is a non-default one.
  if (url.port !== "") return { refused: "port" };
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  // The parser normalises every IPv4 form (decimal, hex, octal, short) to dotted quads.
  if (host.startsWith("[") || host.includes(":") || IPV4_LITERAL.test(host)) return { refused: "ip_address" };
  if (host === "localhost" || !host.includes(".") || INTERNAL_SUFFIXES.some((s) => host.endsWith(s)))
    return { refused: "internal_host" };
  url.hostname = host;
  return { url };
}
