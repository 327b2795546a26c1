// The one way the adapters talk to a provider: timeout, key check, error mapping, JSON parsing.
// Errors become ApiError `{ error, details?, model }`; the key is never put in a message or a log.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ApiError } from "../../platform/errors";
import { decodeBase64 } from "../../platform/uploads";
import { AI_LIMITS } from "../../shared/ai-rules";
import { type CodedText, errorText } from "../../shared/texts";
import type { ProviderConfig, ProviderName, ProviderTimeouts } from "./types";

export interface ProviderInfo {
  name: ProviderName;
  label: string;
  /** The secret that holds the key, named in the "not configured" error. */
  secret: string;
}

export const DEFAULT_TIMEOUTS: ProviderTimeouts = {
  textMs: AI_LIMITS.textTimeoutMs,
  imageMs: AI_LIMITS.imageTimeoutMs,
  keyCheckMs: AI_LIMITS.keyCheckTimeoutMs,
};

export const timeoutsOf = (config: ProviderConfig): ProviderTimeouts => ({ ...DEFAULT_TIMEOUTS, ...config.timeouts });

/** An error of one provider: `{ error, details?, model }` in the response. */
export const aiError = (
  info: ProviderInfo,
  status: ContentfulStatusCode,
  message: string | CodedText,
  details?: unknown,
) => new ApiError(status, message, details, undefined, { model: info.name });

export function requireKey(info: ProviderInfo, config: ProviderConfig): string {
  const key = config.apiKey?.trim();
  if (!key) throw aiError(info, 503, errorText("ai_not_configured", info.label, info.secret));
  return key;
}

const MAX_DETAIL = 300;

/** The provider's own error text, without anything that looks like a key, cut short. */
export function providerMessage(body: unknown, key: string | undefined): string | undefined {
  let message: string | undefined;
  if (body && typeof body === "object") {
    const b = body as { error?: unknown; message?: unknown };
    const e = b.error as { message?: unknown } | string | null | undefined;
    if (typeof e === "string") message = e;
    else if (e && typeof e === "object" && typeof e.message === "string") message = e.message;
    else if (typeof b.message === "string") message = b.message;
  } else if (typeof body === "string" && body.trim()) {
    message = body.trim();
  }
  if (!message) return undefined;
  if (key) message = message.split(key).join("[redacted]");
  message = message.replace(/\b(sk-|AIza)[-_A-Za-z0-9*.]{6,}/g, "[redacted]");
  return message.length > MAX_DETAIL ? `${message.slice(0, MAX_DETAIL)}…` : message;
}

const looksInvalidKey = (status: number, raw: string) =>
  status === 401 || status === 403 || /API_KEY_INVALID|API key not valid|invalid api key|incorrect api key/i.test(raw);

const looksPolicy = (raw: string) => /moderation|content[_ ]policy|safety|blocked/i.test(raw);

export interface ProviderRequest {
  url: string;
  method?: "GET" | "POST";
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

/** Sends one request and returns its parsed JSON body, or throws the mapped ApiError. */
export async function requestJson(
  info: ProviderInfo,
  config: ProviderConfig,
  key: string,
  req: ProviderRequest,
  // biome-ignore lint/suspicious/noExplicitAny: each provider reads its own JSON defensively (optional chains, checks).
): Promise<any> {
  const doFetch = config.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const signal = AbortSignal.timeout(req.timeoutMs);
  const headers: Record<string, string> = { accept: "application/json", ...req.headers };
  if (req.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  let raw: string;
  try {
    response = await doFetch(req.url, {
      method: req.method ?? (req.body === undefined ? "GET" : "POST"),
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal,
    });
    raw = await response.text();
  } catch (err) {
    if (signal.aborted) throw aiError(info, 504, errorText("ai_timeout"));
    throw aiError(info, 502, errorText("ai_unreachable", info.label), err instanceof Error ? err.name : undefined);
  }
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const status = response.status;
    const details = providerMessage(parsed ?? raw.slice(0, 1000), key);
    if (looksInvalidKey(status, raw)) throw aiError(info, 502, errorText("ai_invalid_key", info.label));
    if (status === 429) throw aiError(info, 503, errorText("ai_busy", info.label), details);
    if (status >= 500) throw aiError(info, 502, errorText("ai_unavailable", info.label, status), details);
    if (looksPolicy(raw))
      throw aiError(info, 422, errorText("ai_blocked", info.label, details ?? "content policy"), details);
    throw aiError(info, 502, errorText("ai_rejected", info.label, status), details);
  }
  if (parsed === undefined || parsed === null || typeof parsed !== "object") {
    throw aiError(info, 502, errorText("ai_invalid_response", info.label));
  }
  return parsed;
}

/** Runs a key check request and reports it, never throwing. */
export async function checkWith(info: ProviderInfo, config: ProviderConfig, build: (key: string) => ProviderRequest) {
  try {
    const key = requireKey(info, config);
    await requestJson(info, config, key, build(key));
    return { available: true, error: null };
  } catch (err) {
    return {
      available: false,
      error: err instanceof ApiError ? err.message : errorText("ai_unreachable", info.label).text,
    };
  }
}

/** Text must not be empty: the spec's "AI generated empty content" otherwise. */
export function nonEmpty(info: ProviderInfo, text: unknown): string {
  if (typeof text !== "string" || !text.trim()) throw aiError(info, 502, errorText("ai_empty"));
  return text.trim();
}

/** A provider's base64 image (the uploads module's decoder); throws on anything that is not base64. */
export function base64ToBytes(data: string): Uint8Array {
  const bytes = decodeBase64(data);
  if (!bytes) throw new Error("the provider's image is not valid base64");
  return bytes;
}

export const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** The spec's style and quality, as words an image model understands. */
export function styleHint(style: "vivid" | "natural", quality?: "standard" | "hd"): string {
  const s =
    style === "vivid"
      ? "Style: vivid: hyper-real and dramatic, with rich, saturated colours."
      : "Style: natural: realistic and understated, with natural colours.";
  return quality === "hd" ? `${s} Highly detailed, high quality.` : s;
}

/** What every adapter starts from: its base URL, timeouts, and the fields describing its configuration. */
export function providerBasics(info: ProviderInfo, config: ProviderConfig, defaultBaseUrl: string) {
  const configured = !!config.apiKey?.trim();
  return {
    base: trimSlash(config.baseUrl || defaultBaseUrl),
    timeouts: timeoutsOf(config),
    identity: { name: info.name, label: info.label, configured, supportsImages: configured && !!config.imageModel },
  };
}
