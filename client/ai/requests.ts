// The AI requests' common part, shared by the notice dialog's drafts (lounge/notice-ai.ts) and the
// library's generator (resources/resource-ai.ts): both load on first use, never with the app's shell.
// A failure becomes the text docs/spec.md §8 asks for.
import { ApiRequestError } from "../api";
import { attempt, ShownError } from "../data/actions";
import { TEXT } from "../text";

/** An AI answer that is not what the contract says. */
export class AiInvalidResponse extends ShownError {
  constructor() {
    super(TEXT.lounge.aiInvalidResponse);
  }
}

/** docs/spec.md §8: the server's error (or the fallback), then 'Details: …' and 'Model: …' lines when given. */
export function aiErrorLines(err: unknown, fallback: string): string[] {
  if (err instanceof ShownError) return [err.message];
  if (!(err instanceof ApiRequestError)) return [fallback];
  const body = err.body && typeof err.body === "object" ? err.body : {};
  const details = "details" in body ? body.details : undefined;
  const model = "model" in body ? body.model : undefined;
  const lines = [err.serverError || fallback];
  if (typeof details === "string" && details) lines.push(TEXT.ai.detailsLine(details));
  if (typeof model === "string" && model) lines.push(TEXT.ai.modelLine(model));
  return lines;
}

/** Awaits an AI call; a 2xx body that is not JSON is an invalid response, not a network failure. */
export async function aiCall<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (err) {
    if (err instanceof SyntaxError) throw new AiInvalidResponse();
    throw err;
  }
}

/** Runs an AI request as an action's write: its failure is the lines of `aiErrorLines`, one text. */
export const aiAttempt = <T>(run: () => Promise<T>, fallback: string) =>
  attempt(() =>
    run().catch((err: unknown) => {
      throw err instanceof ShownError ? err : new ShownError(aiErrorLines(err, fallback).join("\n"));
    }),
  );
