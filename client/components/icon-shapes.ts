// The app's marks as line drawings (24×24, drawn with the text's colour), for the React icons (Icon.tsx)
// and for the landing page, which is plain DOM markup (landing.ts's iconMarkup). Icons are drawn, never glyphs: a
// symbol's look depends on the device's fonts, and some have an emoji form on phones. Plain TypeScript,
// no React: the `start` chunk carries it, so every first load does. Here are the shell's and the landing
// page's marks and those several screens draw; a mark only one screen or part draws is in a set beside it
// (`icon-shapes.ts` in client/chat, lounge, direct and pay-return; client/search/icons.ts), in that chunk.

/** A mark: the path data of its lines. */
export type IconShape = readonly string[];

/** A circle as path data (every shape is a list of paths). */
export const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
/** A rectangle with rounded corners as path data. */
export const rect = (x: number, y: number, w: number, h: number, r: number) =>
  `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}` +
  `h${2 * r - w}a${r} ${r} 0 0 1 ${-r} ${-r}v${2 * r - h}a${r} ${r} 0 0 1 ${r} ${-r}z`;

export const ICON_SHAPES = {
  /** The brand's star, the lounge, and what the AI makes. */
  sparkle: [
    "M12 3c.7 4.6 2.4 6.3 7 7-4.6.7-6.3 2.4-7 7-.7-4.6-2.4-6.3-7-7 4.6-.7 6.3-2.4 7-7z",
    "M19 17.5v3M17.5 19h3",
  ],
  /** The chat. */
  moon: ["M20 14.5A8.5 8.5 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z"],
  /** The resource library (a cut gem). */
  gem: ["M6.5 3.5h11L21 9l-9 11.5L3 9z", "M3 9h18", "M10 3.5 8.5 9l3.5 11.5L15.5 9 14 3.5"],
  /** The profile. */
  person: ["M16 8a4 4 0 1 1-8 0 4 4 0 0 1 8 0z", "M4.5 20.5a7.5 7.5 0 0 1 15 0"],
  /** An admin. */
  crown: ["M3.5 8.5 8 12l4-6.5 4 6.5 4.5-3.5-2 10h-13z", "M6 21h12"],
  heart: [
    "M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1L12 21l7.8-7.6 1-1a5.5 5.5 0 0 0 0-7.8z",
  ],
  /** Active members. */
  sun: [
    "M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0z",
    "M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4",
  ],
  /** The navigation drawer's button. */
  menu: ["M4 7h16M4 12h16M4 17h16"],
  /** Closing a dialog, removing an entry. */
  close: ["M6 6l12 12M18 6L6 18"],
  search: [circle(11, 11, 7), "M20 20l-3.5-3.5"],
  /** The notifications. */
  bell: ["M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9", "M10.3 21a1.94 1.94 0 0 0 3.4 0"],
  comment: ["M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12z"],
  /** A resource of the library. */
  book: ["M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5z", "M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5"],
  calendar: [rect(3, 5, 18, 16, 2), "M3 10h18M8 3v4M16 3v4"],
  image: [rect(3, 3, 18, 18, 3), circle(8.5, 8.5, 1.5), "M21 15l-5-5L5 21"],
  /** A private channel; the library for non-members. */
  lock: [rect(4, 11, 16, 10, 2), "M8 11V7a4 4 0 0 1 8 0v4"],
  /** Reporting content. */
  flag: ["M5 21V4", "M5 4h11l-2 4 2 4H5"],
  /** A message's or a post's action menu. */
  more: [circle(5, 12, 1), circle(12, 12, 1), circle(19, 12, 1)],
  upload: ["M12 16V4", "M7 9l5-5 5 5", "M4 20h16"],
  /** The member's settings: three sliders. */
  settings: ["M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1", circle(15, 6, 2), circle(9, 12, 2), circle(17, 18, 2)],
  /** Back to a list (the settings' sections on a phone). */
  back: ["M15 18l-6-6 6-6"],
} as const satisfies Record<string, IconShape>;
