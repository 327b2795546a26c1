// Writes a member may repeat (docs/api-idempotency.md): each send carries an Idempotency-Key made here, and when its
// answer is lost (a network error, no answer within the timeout, 502/503/504, or 409 request_in_progress while the
// first is still running) it is sent again with the same key after a growing pause. The server answers a repeat with
// the first outcome and never writes twice, so a retry is always safe.
import { IDEMPOTENCY } from "../worker/shared/rules";

export const newIdempotencyKey = () => crypto.randomUUID();

/** Answers that say nothing about whether the write happened: a proxy or the platform failed, or it is still running. */
const LOST_STATUSES = new Set([502, 503, 504]);
const stillRunning = (res: { status: number; headers: Headers }) =>
  res.status === 409 && res.headers.get("retry-after") !== null;

/** The pause before retry `n` (1-based): doubling from the first, capped, with jitter so a crowd does not retry at once. */
export function retryDelayMs(n: number, random = Math.random) {
  const { firstDelayMs, maxDelayMs } = IDEMPOTENCY.clientRetry;
  const base = Math.min(maxDelayMs, firstDelayMs * 2 ** (n - 1));
  return Math.round(base * (0.5 + random() / 2));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What each send carries: the key, and the timeout's signal (a hono/client call's second argument). */
export type KeyedRequest = { headers: Record<string, string>; init: RequestInit };

export type RetryOptions = {
  /** The write's key: made here unless the caller keeps one (a message's retry reuses its key). */
  key?: string;
  attempts?: number;
  /** Called before each retry (1-based), e.g. to count them. */
  onRetry?: (n: number) => void;
};

/**
 * Sends `call` with an Idempotency-Key and the retries above; resolves with the first answer that is an outcome
 * (a 2xx, or a refusal the caller unwraps). When every attempt's answer was lost: the last answer (a 5xx or the
 * 409, for the caller to unwrap), or the last network error, thrown.
 */
export async function sendIdempotent<R extends { status: number; headers: Headers }>(
  call: (options: KeyedRequest) => Promise<R>,
  { key = newIdempotencyKey(), attempts = IDEMPOTENCY.clientRetry.attempts, onRetry }: RetryOptions = {},
): Promise<R> {
  let lost: { answer: R } | { error: unknown } = { error: new Error("no attempt") };
  for (let n = 0; n < attempts; n++) {
    if (n > 0) {
      onRetry?.(n);
      await sleep(retryDelayMs(n));
    }
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new DOMException("No answer", "TimeoutError")),
      IDEMPOTENCY.clientRetry.timeoutMs,
    );
    try {
      const res = await call({
        headers: { "Idempotency-Key": key },
        init: { credentials: "same-origin", signal: timeout.signal },
      });
      if (!LOST_STATUSES.has(res.status) && !stillRunning(res)) return res;
      lost = { answer: res };
    } catch (err) {
      // fetch rejects only when no answer came (offline, connection reset, the timeout above).
      lost = { error: err };
    } finally {
      clearTimeout(timer);
    }
  }
  if ("answer" in lost) return lost.answer;
  throw lost.error;
}
