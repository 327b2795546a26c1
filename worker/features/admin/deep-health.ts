// The admin's deep health check: is each dependency answering, and how fast. Checks run in parallel,
// each with its own time limit, and never throw: a failing dependency is a row with ok=false.

import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { chatRoomStub } from "../../platform/room-stub";
import { AI_PROVIDERS, getAiProvider } from "../ai/index";
import { countDeadLetters, vapidKeys } from "../notifications/index";
import { autorenewMissing, paymentsMode } from "../payments/index";

export interface HealthCheck {
  name: string;
  ok: boolean;
  /** Milliseconds the check took; null for checks of configuration only. */
  latency_ms: number | null;
  detail: string;
}

export interface DeepHealth {
  ok: boolean;
  checked_at: string;
  checks: HealthCheck[];
}

const CHECK_TIMEOUT_MS = 5000;

async function timed(name: string, probe: () => Promise<{ ok: boolean; detail: string }>): Promise<HealthCheck> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<{ ok: boolean; detail: string }>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, detail: `no answer within ${CHECK_TIMEOUT_MS} ms` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    const result = await Promise.race([probe(), timeout]);
    return { name, ...result, latency_ms: Date.now() - started };
  } catch (err) {
    return {
      name,
      ok: false,
      latency_ms: Date.now() - started,
      detail: err instanceof Error ? err.message.split("\n")[0].slice(0, 200) : "failed",
    };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** D1: a query on the primary, and the newest applied migration (a stale schema shows here). */
const d1 = (env: Env) =>
  timed("d1", async () => {
    const row = await env.DB.prepare("SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1").first<{
      name: string;
    }>();
    return { ok: true, detail: row ? `latest migration ${row.name}` : "no migrations applied" };
  });

/** R2: a metadata read of a key that need not exist. */
const r2 = (env: Env) =>
  timed("r2", async () => {
    await env.BLOBS.head("health/probe");
    return { ok: true, detail: "bucket reachable" };
  });

/** The chat Durable Object: a plain request to a probe room answers 426 (it only takes WebSocket upgrades). */
const chat = (env: Env) =>
  timed("chat_durable_object", async () => {
    const stub = chatRoomStub(env, "health-probe");
    const res = await stub.fetch("https://chat-room.internal/health");
    await res.body?.cancel();
    return { ok: res.status === 426, detail: `answered ${res.status}` };
  });

/** Payments: the configured Webpay mode and whether it can take payments (paymentsMode; no call to Transbank). */
function payments(env: Env): HealthCheck {
  const { mode, configured, missing } = paymentsMode(env);
  const detail = !configured
    ? `${mode}: missing ${missing.join(", ")}`
    : mode === "production"
      ? "production"
      : `${mode} (test mode)`;
  return { name: "payments", ok: configured, latency_ms: null, detail };
}

/** Automatic renewal (Oneclick Mall): whether this deployment can enrol and charge cards (no call to
 * Transbank). */
function automaticRenewal(env: Env): HealthCheck {
  const missing = autorenewMissing(env);
  const detail = missing.length ? `${env.WEBPAY_ENV}: missing ${missing.join(", ")}` : env.WEBPAY_ENV;
  return { name: "automatic_renewal", ok: missing.length === 0, latency_ms: null, detail };
}
/**
 * Delivery by push and email: how many jobs the queue dead-lettered after its last retry (a count that
 * only grows; each is a row in dead_letters to inspect), and whether push has its VAPID keys.
 */
const delivery = (env: Env) =>
  timed("delivery", async () => {
    const dead = await countDeadLetters(getDb(env.DB));
    const push = vapidKeys(env) ? "push on" : "push off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY";
    return { ok: vapidKeys(env) !== null, detail: `${dead} dead-lettered; ${push}` };
  });

/** Each AI provider with a key: the provider's own key check. Providers without a key are skipped. */
const ai = (env: Env) =>
  AI_PROVIDERS.map((name) => getAiProvider(env, name))
    .filter((provider) => provider.configured)
    .map((provider) =>
      timed(`ai_${provider.name}`, async () => {
        const check = await provider.checkKey();
        return { ok: check.available, detail: check.available ? "key accepted" : (check.error ?? "unavailable") };
      }),
    );

export async function deepHealth(env: Env, now = new Date()): Promise<DeepHealth> {
  const checks = await Promise.all([
    d1(env),
    r2(env),
    chat(env),
    Promise.resolve(payments(env)),
    Promise.resolve(automaticRenewal(env)),
    delivery(env),
    ...ai(env),
  ]);
  return { ok: checks.every((c) => c.ok), checked_at: now.toISOString(), checks };
}
