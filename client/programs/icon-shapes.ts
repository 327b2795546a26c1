// The marks only the programs' screens draw (client/components/icon-shapes.ts has the shared ones).
import type { IconShape } from "../components/icon-shapes";

export const PROGRAM_ICONS = {
  up: ["M6 15l6-6 6 6"],
  down: ["M6 9l6 6 6-6"],
} as const satisfies Record<string, IconShape>;
