// The app's icons as data, one geometry per icon (24x24, drawn with a round stroke of currentColor):
// the React components (icons.tsx) and the landing page's plain markup (client/landing/landing.ts,
// prerendered into index.html) both read it. Icons are SVG rather than glyphs because emoji and symbol
// fonts are not on every device (docs/client.md "Icons").

/** Each icon's path data (several subpaths in one `d`). */
export const ICON_PATHS = {
  /** The four-pointed star: the lounge, community, the default empty state. */
  sparkle: "M12 3Q13 11 21 12Q13 13 12 21Q11 13 3 12Q11 11 12 3z",
  /** The brand mark: the star with a small companion. */
  sparkles: "M10 5Q11 12 18 13Q11 14 10 21Q9 14 2 13Q9 12 10 5zM19 2v5M16.5 4.5h5",
  moon: "M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z",
  /** The library: a cut gem. */
  gem: "M6 3h12l4 6-10 12L2 9zM2 9h20M10 3 8 9l4 12 4-12-2-6",
  crown: "M3 7l4.5 5L12 5l4.5 7L21 7l-2 11H5zM5 21h14",
  heart: "M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1L12 21l7.8-7.6 1-1a5.5 5.5 0 0 0 0-7.8z",
  star: "M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z",
  /** A cog: the inner ring, the wheel and its teeth. */
  gear: "M12 9a3 3 0 1 0 0 6 3 3 0 1 0 0-6zM12 5a7 7 0 1 0 0 14 7 7 0 1 0 0-14zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1",
  sun: "M12 8a4 4 0 1 0 0 8 4 4 0 1 0 0-8zM12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
  check: "M20 6 9 17l-5-5",
  alert: "M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM12 8v5M12 16.5v.01",
  user: "M12 4a4 4 0 1 0 0 8 4 4 0 1 0 0-8zM4 21a8 8 0 0 1 16 0",
  share: "M7 17 17 7M8 7h9v9",
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** The attributes every icon shares, as React props and as markup. */
export const ICON_SVG = { viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;

/** An icon as a string of SVG markup (for pages built without React): decorative, sized by CSS (`.icon`). */
export function iconMarkup(name: IconName): string {
  const { viewBox, fill, stroke, strokeWidth, strokeLinecap, strokeLinejoin } = ICON_SVG;
  return (
    `<svg class="icon" viewBox="${viewBox}" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}" stroke-linecap="${strokeLinecap}" stroke-linejoin="${strokeLinejoin}" aria-hidden="true" focusable="false">` +
    `<path d="${ICON_PATHS[name]}"/></svg>`
  );
}
