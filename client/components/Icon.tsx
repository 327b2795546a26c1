import { ICON_SHAPES, type IconName } from "./icon-shapes";

/**
 * One of the app's marks (icon-shapes.ts), decorative: the control or text beside it carries the name.
 * `filled` paints its inside too (a liked post's heart).
 */
export function Icon({ name, size = 18, filled = false }: { name: IconName; size?: number; filled?: boolean }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {ICON_SHAPES[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
