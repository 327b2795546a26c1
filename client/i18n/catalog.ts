// The shape every language's catalogue must have: English's (client/text.ts), with each text widened
// to `string` and each function keeping its parameters. A key missing or extra in a language, or a
// function with other parameters, fails `npm run typecheck`.
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends readonly (infer E)[]
      ? readonly Widen<E>[]
      : T extends object
        ? { -readonly [K in keyof T]: Widen<T[K]> }
        : T;

export { LANGUAGES, type Language } from "../../worker/shared/rules";
export const isLanguage = (value: unknown): value is "en" | "es" => value === "en" || value === "es";
