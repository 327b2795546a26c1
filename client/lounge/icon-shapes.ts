// The marks only the lounge draws (client/components/icon-shapes.ts says why a set is beside what draws it).
import type { IconShape } from "../components/icon-shapes";

export const LOUNGE_ICON_SHAPES = {
  /** A pinned notice. */
  star: ["M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"],
  /** Sharing a link. */
  share: ["M7 17 17 7", "M8.5 7H17v8.5"],
} as const satisfies Record<string, IconShape>;
