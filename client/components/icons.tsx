// The app's icons as components, drawn from the shared geometry (icon-paths.ts). Decorative by
// default (aria-hidden): the control or text next to an icon carries the name; pass `label` when the
// icon is the only name of something.
import { ICON_PATHS, ICON_SVG, type IconName } from "./icon-paths";

export type { IconName };

type Props = { name: IconName; /** Drawn filled with currentColor (e.g. a liked heart). */ filled?: boolean; label?: string; className?: string };

/** An icon 1em square (it follows the font size of its text; `.icon` in theme.css aligns it). */
export function Icon({ name, filled, label, className }: Props) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <svg {...ICON_SVG} {...a11y} className={className ? `icon ${className}` : "icon"} fill={filled ? "currentColor" : "none"} focusable="false" data-icon={name}>
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
