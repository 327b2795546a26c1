// A part of a section's data that fails on its own: its rows, or its failure (worded when shown, with the part's
// fallback text: the words load with the section's code, after its loader).
export type Part<T> = { ok: true; rows: T } | { ok: false; failure: unknown };

export const part = <T>(rows: Promise<T>): Promise<Part<T>> =>
  rows.then(
    (value) => ({ ok: true as const, rows: value }),
    (failure: unknown) => ({ ok: false as const, failure }),
  );
