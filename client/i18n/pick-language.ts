/**
 * The language a visit starts in: the one chosen on this device (`stored`), else the first of the
 * browser's languages the UI speaks (any `es-*` is Spanish), else the first of `languages`.
 * Self-contained on purpose (no imports, no outer names): index.html runs this function's source
 * before the first paint to pick the landing page's prerendered language (vite.config.ts
 * `prerenderLanding`), so the page a visitor first sees is already in their language.
 */
export function pickLanguage<L extends string>(
  stored: string | null,
  preferred: readonly string[],
  languages: readonly [L, ...L[]],
): L {
  const fromStorage = languages.find((language) => language === stored);
  if (fromStorage) return fromStorage;
  for (const tag of preferred) {
    const spoken = languages.find((language) => language === tag.toLowerCase().split("-")[0]);
    if (spoken) return spoken;
  }
  return languages[0];
}
