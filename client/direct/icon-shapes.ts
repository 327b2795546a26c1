// The marks only the member menu's list draws (client/components/icon-shapes.ts says why a set is beside
// what draws it).
import { circle, type IconShape } from "../components/icon-shapes";

export const DIRECT_ICON_SHAPES = {
  /** Blocking a member: a circle struck through. */
  block: [circle(12, 12, 9), "M5.6 5.6l12.8 12.8"],
} as const satisfies Record<string, IconShape>;
