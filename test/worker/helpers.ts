// Drives the real worker (its fetch handler, inside workerd) with real local D1/R2/DO bindings.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { hc } from "hono/client";
import { expect } from "vitest";
import type { AppType } from "../../worker/app";
import { getDb } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import { runDeliveryJob, sendPendingDeliveries } from "../../worker/features/notifications/deliver";
import worker from "../../worker/index";
import type { ApiErrorBody } from "../../worker/platform/errors";
import type { ServerFrame } from "../../worker/shared/chat-wire";
import type { DeliveryJob } from "../../worker/shared/delivery-jobs";

export const ORIGIN = "http://localhost";
export const testEnv = env as unknown as Env;
export const db = () => getDb(testEnv.DB);

export type CallOptions = Omit<RequestInit, "body"> & {
  json?: unknown;
  body?: BodyInit;
  env?: Partial<Env>;
  cookie?: string;
};

/** Sends a request through the worker's fetch handler as a browser of this origin would (no redirects followed). */
async function send(
  request: Request,
  { cookie, env: envOverrides }: { cookie?: string; env?: Partial<Env> } = {},
): Promise<Response> {
  const headers = new Headers(request.headers);
  if (cookie) headers.set("cookie", cookie);
  if (request.method !== "GET" && request.method !== "HEAD" && !headers.has("origin")) headers.set("origin", ORIGIN);
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(request, { headers, redirect: "manual" }) as Request<unknown, IncomingRequestCfProperties>,
    { ...testEnv, ...envOverrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/**
 * One raw request to the worker, for what the typed client cannot send (bad input, other sites'
 * headers, uploads, WebSocket upgrades). `json` sets a JSON body with a same-origin header, as the
 * app's client sends.
 */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const { json, env, cookie, ...init } = options;
  const headers = new Headers(init.headers);
  if (json !== undefined) {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(json);
  }
  return send(new Request(ORIGIN + path, { ...init, headers }), { cookie, env });
}

/**
 * The app's own typed client (hono/client, as in client/api.ts) bound to the worker's fetch, as
 * `cookie`'s owner (anonymous without one). Paths, inputs and response bodies come from AppType, so
 * a change to a route's contract fails to compile in the tests that use it.
 */
export function api(cookie?: string, options: { env?: Partial<Env> } = {}) {
  const fetchThroughWorker = (input: RequestInfo | URL, init?: RequestInit) =>
    send(new Request(input, init), { cookie, env: options.env });
  return hc<AppType>(ORIGIN, { fetch: fetchThroughWorker as typeof fetch }).api;
}

export type Api = ReturnType<typeof api>;

/** name=value pairs of the Set-Cookie headers of a response (cleared cookies give an empty value). */
export function setCookies(response: { headers: Headers }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    out[pair.slice(0, eq).trim()] = decodeURIComponent(pair.slice(eq + 1).trim());
  }
  return out;
}

/** Signs in through the development provider exactly as the browser does; returns the Cookie header. */
export async function signIn(email: string, name = "Test Soul", env?: Partial<Env>): Promise<string> {
  const redirect = await api().oauth.google.redirect_url.$get();
  const state = setCookies(redirect).oauth_state;
  const { redirectUrl } = await redirect.json();
  const pageState = new URL(redirectUrl, ORIGIN).searchParams.get("state")!;
  const authorize = await api().auth.dev.authorize.$get({ query: { email, name, state: pageState } });
  const code = new URL(authorize.headers.get("location")!, ORIGIN).searchParams.get("code")!;
  const session = await api(`oauth_state=${state}`, { env }).sessions.$post({ json: { code, state: pageState } });
  if (session.status !== 200) throw new Error(`sign-in failed: ${session.status} ${await session.text()}`);
  return `session=${setCookies(session).session}`;
}

let membersSignedIn = 0;

/** A new member signed in under an address of their own (`prefix` + a number): the session cookie and the user row. */
export async function newMember(prefix = "m", name = "Member") {
  const email = `${prefix}${++membersSignedIn}@example.com`;
  const cookie = await signIn(email, name);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return { cookie, user };
}

/** The error body of a refused request, from a raw or a typed response (typed ones declare only their success body). */
export const errorBody = async (response: { json(): Promise<unknown> }): Promise<ApiErrorBody> =>
  (await response.json()) as ApiErrorBody;

export const json = async <T = any>(response: Response): Promise<T> => (await response.json()) as T;

export type RecordedQuery = { sql: string; params: unknown[] };

/** A statement's methods that send it to the database on their own (outside a batch). */
const EXECUTIONS = new Set<PropertyKey>(["all", "first", "run", "raw"]);

/**
 * A D1 binding that counts the statements prepared through it (and through its sessions) and the
 * round trips to the database (a batch is one, however many statements it holds), and records each
 * statement's SQL and bound parameters in `counter.queries` (for EXPLAIN QUERY PLAN on what the app runs).
 */
export function countingDb() {
  const counter = { statements: 0, roundTrips: 0, queries: [] as RecordedQuery[] };
  // A bound statement stays the runtime's own object (a batch reads its internals); its executions
  // are counted through own properties over the prototype's methods.
  const countExecutions = (statement: D1PreparedStatement) => {
    for (const name of EXECUTIONS) {
      const method = Reflect.get(statement, name) as (...args: unknown[]) => unknown;
      Object.defineProperty(statement, name, {
        value: (...args: unknown[]) => {
          counter.roundTrips++;
          return method.apply(statement, args);
        },
      });
    }
    return statement;
  };
  const recording = (statement: D1PreparedStatement, entry: RecordedQuery): D1PreparedStatement =>
    new Proxy(statement, {
      get(obj, prop) {
        if (prop === "bind") {
          return (...params: unknown[]) => {
            entry.params = params;
            return countExecutions(obj.bind(...params));
          };
        }
        if (EXECUTIONS.has(prop)) counter.roundTrips++;
        const value = Reflect.get(obj, prop);
        return typeof value === "function" ? value.bind(obj) : value;
      },
    });
  const counting = <T extends { prepare(query: string): D1PreparedStatement }>(target: T): T =>
    new Proxy(target, {
      get(obj, prop) {
        if (prop === "batch") {
          return (statements: D1PreparedStatement[]) => {
            counter.roundTrips++;
            return (obj as unknown as D1Database).batch(statements);
          };
        }
        if (prop === "prepare") {
          return (query: string) => {
            counter.statements++;
            const entry: RecordedQuery = { sql: query, params: [] };
            counter.queries.push(entry);
            return recording(obj.prepare(query), entry);
          };
        }
        if (prop === "withSession")
          return (...args: unknown[]) => counting((obj as unknown as D1Database).withSession(...(args as [string])));
        const value = Reflect.get(obj, prop);
        return typeof value === "function" ? value.bind(obj) : value;
      },
    });
  return { counter, DB: counting(testEnv.DB) };
}

/** Waits for a condition driven by the runtime's event loop (no fixed sleeps as assertions). */
export async function until(condition: () => boolean) {
  for (let i = 0; i < 300; i++) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("condition not met");
}

/** Opens a channel's WebSocket as `cookie`'s owner and collects its frames and close codes. */
export async function openSocket(groupId: number, cookie: string) {
  const res = await call(`/api/groups/${groupId}/socket`, { cookie, headers: { upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const frames: ServerFrame[] = [];
  const closes: number[] = [];
  ws.addEventListener("message", (e) => {
    frames.push(JSON.parse(e.data as string));
  });
  ws.addEventListener("close", (e) => {
    closes.push(e.code);
  });
  await until(() => frames.some((f) => f.type === "ready"));
  return { ws, frames, closes, messages: () => frames.flatMap((f) => (f.type === "message" ? [f.message] : [])) };
}

/** A stand-in for the DELIVERY_QUEUE binding that keeps what is sent to it. */
export function recordingQueue() {
  const sent: DeliveryJob[] = [];
  const binding = {
    send: async (body: DeliveryJob) => void sent.push(body),
    sendBatch: async (messages: { body: DeliveryJob }[]) => void sent.push(...messages.map((m) => m.body)),
  } as unknown as Queue<DeliveryJob>;
  return { sent, binding };
}

/**
 * Sends the deliveries still pending (as the sender after a response or a cron run does), then runs every job a
 * recording queue holds as the queue's consumer would, and the jobs those queue in turn (a notified job plans one
 * email per recipient), until none is left; each must succeed.
 */
export async function drain(queue: ReturnType<typeof recordingQueue>) {
  const env = { ...testEnv, DELIVERY_QUEUE: queue.binding };
  await sendPendingDeliveries(env);
  while (queue.sent.length) {
    const job = queue.sent.shift() as DeliveryJob;
    expect(await runDeliveryJob(env, db(), job)).toBe("done");
  }
}

export type OutboxMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  sent_at: string;
};

/** The local outbox (GET /api/dev/mail, an admin's only: the dev sign-in's admin reads it), newest first. */
export const outbox = async () =>
  (
    await json<{ messages: OutboxMail[] }>(
      await call("/api/dev/mail", { cookie: await signIn("admin@example.com", "Admin") }),
    )
  ).messages;

/**
 * Enrols a card for automatic renewal as a member does: the start, Transbank's card form (the emulator's test card,
 * approved ones by default) and the bank's return to the app.
 */
export async function enrolCard(cookie: string, card: EmulatorCard = "approved") {
  const { token } = await json<{ token: string }>(await call("/api/membership/autorenew", { method: "POST", cookie }));
  return enrolAtForm(token, card);
}

/** The Oneclick emulator's test cards (worker/dev/oneclick-emulator.ts CARDS). */
export type EmulatorCard = "approved" | "amex" | "refused" | "timeout";

/** An inscription's card form filled in at the emulator and the bank's return: where the app sends the browser. */
export async function enrolAtForm(token: string, card: EmulatorCard = "approved") {
  const form = await call("/api/dev/webpay/oneclick/inscription", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ TBK_TOKEN: token, action: "enrol", card, refuse_code: "-1" }),
  });
  expect(form.status).toBe(200);
  const back = await call(`/api/payments/oneclick/return?TBK_TOKEN=${token}`);
  expect(back.status).toBe(303);
  return back.headers.get("location");
}
