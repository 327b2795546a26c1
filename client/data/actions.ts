// Writes go through route actions (submitted by fetchers); these helpers give every action the same
// result shape and every form the same way to hear that its submission settled.
import { useEffect, useRef } from "react";
import type { FetcherWithComponents, ShouldRevalidateFunction, SubmitTarget } from "react-router";

type JsonObject = Extract<SubmitTarget, Record<string, unknown>>;

import { errorText } from "../api";
import { TEXT } from "../text";

/**
 * What an action answers: its value, or the error text to show (the server's, else the fallback).
 * `partly` marks a write of several steps that failed after one was saved: the screen is loaded again.
 */
export type ActionResult<T = null> = { ok: true; value: T } | { ok: false; error: string; partly?: true };

/** An error whose message is already the text to show (an AI answer that broke its contract: docs/spec.md §8). */
export class ShownError extends Error {}

/**
 * Runs one write and turns its failure into an error text: the server's, else `fallback`; or always
 * `fallback` when the spec fixes the text (`{ fixed: true }`).
 */
export async function attempt<T>(
  write: () => Promise<T>,
  fallback: string = TEXT.common.writeFailed,
  { fixed = false } = {},
): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (err) {
    if (err instanceof ShownError) return { ok: false, error: err.message };
    return { ok: false, error: fixed ? fallback : errorText(err, fallback) };
  }
}

/** An action's body, as `submitJson` sent it (the intent union of that screen). */
export const readIntent = async <I>(request: Request): Promise<I> => request.json();

/** Submits `intent` as JSON to the action of the route at `action`. */
export function submitJson<I extends JsonObject>(
  fetcher: Pick<FetcherWithComponents<unknown>, "submit">,
  action: string,
  intent: I,
) {
  return fetcher.submit(intent, { method: "post", action, encType: "application/json" });
}

/**
 * Calls `onSettled` once with each new answer of the fetcher's submission (to close a dialog or show
 * a toast). An effect, because it reacts to the router finishing the write, not to a render.
 */
export function useSettled<T>(fetcher: Pick<FetcherWithComponents<T>, "state" | "data">, onSettled: (data: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  const callback = useRef(onSettled);
  callback.current = onSettled;
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

/**
 * A route's `shouldRevalidate` after a write: no reload after the named intents (their answer is the
 * new state, or they change nothing the route shows) nor after a write that failed (nothing changed,
 * unless `partly`); otherwise the router's default.
 */
export const skipAfter =
  (...intents: string[]): ShouldRevalidateFunction =>
  ({ json, actionResult, defaultShouldRevalidate }) => {
    if (
      json &&
      typeof json === "object" &&
      "intent" in json &&
      typeof json.intent === "string" &&
      intents.includes(json.intent)
    )
      return false;
    const failed =
      actionResult &&
      typeof actionResult === "object" &&
      "ok" in actionResult &&
      actionResult.ok === false &&
      !("partly" in actionResult);
    return failed ? false : defaultShouldRevalidate;
  };

/** After a write the route loads again, not after one that failed. */
export const skipAfterFailure = skipAfter();

/**
 * The error a fetcher's last write answered, to show in its form: from the moment the answer is in
 * (while the router reloads the screen) until the next submission.
 */
export const failureOf = (fetcher: { state: string; data?: ActionResult<unknown> }) =>
  fetcher.state !== "submitting" && fetcher.data?.ok === false ? fetcher.data.error : null;
