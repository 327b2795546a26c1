// The marks only the payment's result draws (client/components/icon-shapes.ts says why a set is beside what
// draws it).
import type { IconShape } from "../components/icon-shapes";

export const PAYMENT_RESULT_ICON_SHAPES = {
  /** A payment that did not go through. */
  alert: ["M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z", "M12 7.5v5.5", "M12 16.5v.01"],
} as const satisfies Record<string, IconShape>;
