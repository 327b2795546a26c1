import { ICON_SHAPES, type IconName } from "./icon-shapes";

/**
 * One of the app's marks (icon-shapes.ts), decorative: the control or text beside it carries the name.
 * `filled` paints its inside too (a liked post's heart); `weight` is the line's width (2.2 for the
 * bolder marks of bare icon buttons).
 */
export function Icon({
  name,
  size = 18,
  filled = false,
  weight = 2,
}: {
  name: IconName;
  size?: number;
  filled?: boolean;
  weight?: number;
}) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICON_SHAPES[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
