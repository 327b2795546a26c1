// Display names: what a member may call themselves. A name is compared and stored in NFKC
// form with its spaces collapsed; control characters and line separators (every line break), direction
// overrides and other invisible format characters are refused (the zero-width joiner of emoji sequences
// excepted), and a name with nothing visible left is refused rather than read as blank.

/**
 * Control (Cc) and format (Cf) characters and the line and paragraph separators (U+2028, U+2029: line
 * breaks too), tested with the zero-width joiner, U+200D, taken out.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** Characters that draw nothing: spaces, the joiner and the Hangul and Braille blanks. */
const INVISIBLE = /\p{Z}|\u200D|[\u115F\u1160\u3164\uFFA0\u2800]/gu;

export type CleanName = { ok: true; name: string | null } | { ok: false };

/** The name as stored (null for blank: the member clears it), or not ok when it is refused. */
export function cleanDisplayName(raw: string): CleanName {
  const name = raw
    .normalize("NFKC")
    .replace(/\p{Zs}+/gu, " ")
    .trim();
  if (name === "") return { ok: true, name: null };
  if (FORBIDDEN.test(name.replaceAll("\u200D", "")) || name.replace(INVISIBLE, "") === "") return { ok: false };
  return { ok: true, name };
}

/** What two names are compared by: letters case-folded, invisible characters and spaces ignored. */
export const nameKey = (name: string) => name.normalize("NFKC").replace(INVISIBLE, "").toLowerCase();
