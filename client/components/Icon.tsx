import type { IconShape } from "./icon-shapes";

/**
 * One of the app's marks (`shape`: icon-shapes.ts, or a screen's set beside it), decorative: the control
 * or text beside it carries the name.
 * `filled` paints its inside too (a liked post's heart); `weight` is the line's width (2.2 for the
 * bolder marks of bare icon buttons).
 */
export function Icon({
  shape,
  size = 18,
  filled = false,
  weight = 2,
}: {
  shape: IconShape;
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
      {shape.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
