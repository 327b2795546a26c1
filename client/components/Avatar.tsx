import { DEFAULT_NAME } from "../../worker/shared/rules";
import { Icon } from "./Icon";
import { ICON_SHAPES } from "./icon-shapes";

const PALETTE = ["#8b5cf6", "#6366f1", "#0ea5e9", "#14b8a6", "#d946ef", "#f472b6", "#f59e0b"];

const initialsOf = (nameOrEmail: string) => {
  const base = nameOrEmail.includes("@") ? nameOrEmail.split("@")[0] : nameOrEmail;
  const parts = base.split(/[\s._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts[1]?.[0] ?? "")).toUpperCase();
};

/** The colour of a member's initials avatar: always the same for the same name or email. */
function colourOf(nameOrEmail: string): string {
  let hash = 0;
  for (const ch of nameOrEmail) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

/**
 * A member's photo, or their initials on a gradient drawn by CSS. Not an SVG image: each one is a
 * document the browser lays out and paints on the main thread (with them, a first load of the lounge
 * paints ~40 ms more at 4x CPU slowdown: docs/client.md "Loading").
 */
export function Avatar({
  src,
  name,
  email,
  size = 40,
}: {
  src?: string | null;
  name?: string | null;
  email?: string | null;
  size?: number;
}) {
  if (src)
    return (
      <img className="avatar" src={src} alt="" width={size} height={size} loading="lazy" referrerPolicy="no-referrer" />
    );
  const label = name || email || DEFAULT_NAME;
  return (
    <span
      className="avatar avatar-initials"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.375),
        background: `linear-gradient(135deg, ${colourOf(label)}, var(--surface-solid))`,
      }}
    >
      {initialsOf(label) || <Icon shape={ICON_SHAPES.sparkle} size={Math.round(size * 0.45)} />}
    </span>
  );
}
