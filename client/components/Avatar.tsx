import { DEFAULT_NAME } from "../../worker/shared/rules";
import { ICON_PATHS } from "./icon-paths";

const PALETTE = ["#8b5cf6", "#6366f1", "#0ea5e9", "#14b8a6", "#d946ef", "#f472b6", "#f59e0b"];

export const initialsOf = (nameOrEmail: string) => {
  const base = nameOrEmail.includes("@") ? nameOrEmail.split("@")[0] : nameOrEmail;
  const parts = base.split(/[\s._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts[1]?.[0] ?? "")).toUpperCase();
};

/** A placeholder avatar drawn locally (an SVG data URL) from the name or email: no outside image service. */
export function placeholderAvatar(nameOrEmail: string): string {
  let hash = 0;
  for (const ch of nameOrEmail) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const colour = PALETTE[hash % PALETTE.length];
  const text = initialsOf(nameOrEmail).replace(/[<&>"]/g, "");
  // No letters to show: the sparkle, drawn (a glyph would depend on the device's fonts).
  const mark = text
    ? `<text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${text}</text>`
    : `<path d="${ICON_PATHS.sparkle}" transform="translate(16 16) scale(1.333)" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#1a1542"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/>${mark}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function Avatar({ src, name, email, size = 40 }: { src?: string | null; name?: string | null; email?: string | null; size?: number }) {
  const label = name || email || DEFAULT_NAME;
  return <img className="avatar" src={src || placeholderAvatar(label)} alt="" width={size} height={size} loading="lazy" referrerPolicy="no-referrer" />;
}
