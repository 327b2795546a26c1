// Bad input, table-driven: every route that takes a body, a query or a path parameter gets invalid JSON,
// the wrong content type, missing fields, wrong types, empty and blank strings, strings at and over
// every limit (plain, emoji, control characters), unknown fields, huge numbers and non-numeric ids.
// A refused request answers 4xx JSON `{ error }`, never 5xx, and leaves every table's row count and the
// bucket's object count as they were (rate_limits is left out: counting attempts is its job).
//
// The input rules (worker/platform/validate.ts, worker/platform/body-guard.ts):
// - unknown fields in a JSON or form body are refused with 400 (never silently dropped); unknown query
//   parameters of reads are ignored; the Webpay return (a third party's post) ignores unknown fields;
// - control characters other than tab, LF and CR are refused in every text;
// - limits count Unicode code points, as zod does (an emoji is one character; the browser's maxLength
//   counts UTF-16 units, so the client never sends more than the server takes);
// - a body that is not JSON (multipart only where a file is uploaded, a form only where a browser form
//   posts by design) is 415.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { AUDIT_ACTIONS } from "../../worker/shared/admin-rules";
import {
  IMAGE_MODELS,
  IMAGE_QUALITIES,
  IMAGE_SIZES,
  IMAGE_STYLES,
  NOTICE_TEXT_TYPES,
  RESOURCE_TEXT_TYPES,
  TEXT_MODELS,
} from "../../worker/shared/ai-rules";
import { EVENT_LIMITS, EVENT_LOCATIONS, EVENT_REPEATS, RSVP_ANSWERS } from "../../worker/shared/events";
import { LIBRARY_LIMITS } from "../../worker/shared/library-rules";
import { LOUNGE_LIMITS } from "../../worker/shared/lounge-rules";
import { NOTIFICATION_LIMITS } from "../../worker/shared/notification-rules";
import { DIGESTS } from "../../worker/shared/notification-settings";
import { PRACTICE_MOODS, PROGRAM_LIMITS, UNLOCK_MODES } from "../../worker/shared/programs";
import {
  COUPONS,
  DIRECT_MESSAGE_POLICIES,
  GIFTS,
  LIMITS,
  MODERATION,
  PLANS,
  REACTIONS,
  REPORT_KINDS,
  REPORT_REASONS,
} from "../../worker/shared/rules";
import { SEARCH_KINDS } from "../../worker/shared/search";
import { createFakeAiProviders, fakeAiTestEnv } from "../fakes/ai-providers-handler.mjs";
import { type CallOptions, call } from "./helpers";
import {
  AI_IMAGE_PATH,
  appRoutes,
  CALENDAR_TOKEN,
  type Caller,
  EMAILS,
  IDS,
  LESSON_UPLOAD_ID,
  PNG,
  seedWorld,
  snapshot,
} from "./seed";

// ---- fields ----
type Field =
  | { kind: "text"; max: number; required: boolean; atLimit?: boolean }
  | { kind: "int"; required: boolean; zero?: boolean }
  | { kind: "bool" }
  | { kind: "enum"; values: readonly string[]; required: boolean }
  | { kind: "email"; max: number }
  | { kind: "list"; itemMax: number; count: number }
  | { kind: "literal" };

const text = (max: number, required = true, atLimit = true): Field => ({ kind: "text", max, required, atLimit });
const int = (required = true, zero = false): Field => ({ kind: "int", required, zero });
const bool: Field = { kind: "bool" };
const oneOf = (values: readonly string[], required = true): Field => ({ kind: "enum", values, required });
const email = (max = LIMITS.emailMax): Field => ({ kind: "email", max });
const list = (itemMax: number, count: number): Field => ({ kind: "list", itemMax, count });
const literal: Field = { kind: "literal" };

type Target = "json" | "query" | "form";
type Spec = {
  route: string;
  as: Caller;
  /** The path; `{id}` / `{userId}` are replaced by the valid value or a bad one. */
  path: string;
  params?: Record<string, number | string>;
  target?: Target;
  /** A valid input: with it the route answers `ok`. */
  input?: Record<string, unknown>;
  fields?: Record<string, Field>;
  ok: number;
  /** The Webpay return: a third party's post, unknown fields ignored. */
  lenient?: boolean;
  /** Variables for this route's calls (the AI routes talk to the fake providers). */
  env?: Partial<Env>;
  /** Extra hand-written cases (multipart). */
  extra?: () => Case[];
};

/** A real device's keys (RFC 8291 Appendix A). */
const RFC8291_DEVICE_KEYS = {
  p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
};

type Case = { name: string; expect: "bad" | number; send: CallOptions; path?: string };

const EMOJI = "😀";
const at = (max: number, unit = "a") => unit.repeat(max);
/** A short, printable label (never cutting a surrogate pair in two). */
const show = (v: unknown) =>
  Array.from(JSON.stringify(v) ?? "undefined")
    .slice(0, 30)
    .join("");
const BAD_IDS = ["abc", "1.5", "-1", "0", "99999999999999999999", "Infinity", "1e400", "0x", "%00", "%F0%9F%98%80"];

function valueCases(name: string, field: Field, target: Target): { label: string; value: unknown; ok: boolean }[] {
  const q = target !== "json";
  const out: { label: string; value: unknown; ok: boolean }[] = [];
  const wrongTypes = q ? [] : [123, true, {}, []];
  switch (field.kind) {
    case "text":
      for (const v of wrongTypes) out.push({ label: `${name} as ${show(v)}`, value: v, ok: false });
      if (field.required) {
        out.push(
          { label: `${name} empty`, value: "", ok: false },
          { label: `${name} blank`, value: " \t\n ", ok: false },
        );
        if (!q) out.push({ label: `${name} null`, value: null, ok: false });
      }
      if (field.atLimit) {
        out.push({ label: `${name} at the limit`, value: at(field.max), ok: true });
        out.push({ label: `${name} emoji at the limit`, value: at(field.max, EMOJI), ok: true });
      }
      out.push({ label: `${name} over the limit`, value: at(field.max + 1), ok: false });
      out.push({ label: `${name} emoji over the limit`, value: at(field.max, EMOJI) + EMOJI, ok: false });
      out.push({ label: `${name} with NUL`, value: "a\u0000b", ok: false });
      out.push({ label: `${name} control character at the limit`, value: `${at(field.max - 1)}\u0007`, ok: false });
      break;
    case "int":
      for (const v of q
        ? [
            "abc",
            "1.5",
            "-1",
            "99999999999999999999",
            "Infinity",
            "1e400",
            "%00",
            ...(field.zero ? [] : ["0", "", " "]),
          ]
        : ["1", 1.5, -1, 0, 1e20, 2 ** 53 + 2, true, null, {}]) {
        out.push({ label: `${name} as ${show(v)}`, value: v, ok: false });
      }
      break;
    case "bool":
      for (const v of ["yes", 1, "true", {}]) out.push({ label: `${name} as ${show(v)}`, value: v, ok: false });
      break;
    case "enum":
      // A value's upper case only where it is not a value itself (an emoji has none).
      for (const v of [
        "owner",
        "",
        " ",
        ...[field.values[0].toUpperCase()].filter((v) => !field.values.includes(v)),
        ...wrongTypes,
      ])
        out.push({ label: `${name} as ${show(v)}`, value: v, ok: false });
      break;
    case "email":
      for (const v of [
        "not-an-email",
        "",
        " ",
        "a@",
        `${"a".repeat(field.max)}@example.com`,
        "a\u0000@example.com",
        ...wrongTypes,
      ]) {
        out.push({ label: `${name} ${show(v)}`, value: v, ok: false });
      }
      break;
    case "list":
      out.push({ label: `${name} as a number`, value: 5, ok: false });
      out.push({ label: `${name} with a non-string`, value: [1], ok: false });
      out.push({ label: `${name} item over the limit`, value: [at(field.itemMax + 1)], ok: false });
      out.push({ label: `${name} item with a control character`, value: ["a\u0001"], ok: false });
      out.push({
        label: `${name} too many`,
        value: Array.from({ length: field.count + 1 }, (_, i) => `t${i}`),
        ok: false,
      });
      out.push({
        label: `${name} items at the limit`,
        value: Array.from({ length: field.count }, (_, i) => at(field.itemMax - 3) + String(i).padStart(3, "0")),
        ok: true,
      });
      break;
    case "literal":
      for (const v of ["15000", 15001, 1e20, -1, null, "other"])
        out.push({ label: `${name} as ${show(v)}`, value: v, ok: false });
      break;
  }
  return out;
}

const jsonBody = (body: unknown): CallOptions => ({
  body: typeof body === "string" ? body : JSON.stringify(body),
  headers: { "content-type": "application/json" },
});
const formBody = (fields: Record<string, unknown>): CallOptions => ({
  body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

function casesOf(spec: Spec): Case[] {
  const target = spec.target ?? "json";
  const method = spec.route.split(" ")[0];
  const fill = (params: Record<string, number | string>) =>
    spec.path.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));
  const validPath = fill(spec.params ?? {});
  const send = (input: Record<string, unknown> | undefined): { path: string; send: CallOptions } => {
    if (target === "query") {
      const qs = new URLSearchParams(Object.entries(input ?? {}).map(([k, v]) => [k, String(v)])).toString();
      return { path: `${validPath}${qs ? `?${qs}` : ""}`, send: { method } };
    }
    if (input === undefined) return { path: validPath, send: { method } };
    return { path: validPath, send: { method, ...(target === "form" ? formBody(input) : jsonBody(input)) } };
  };
  const out: Case[] = [];
  const add = (name: string, expect: Case["expect"], request: { path: string; send: CallOptions }) =>
    out.push({ name, expect, ...request });

  // (A multipart route brings its own valid case among its extra ones.)
  if (spec.input || target !== "form") add("valid input", spec.ok, send(spec.input));
  for (const key of Object.keys(spec.params ?? {})) {
    for (const bad of BAD_IDS)
      add(`:${key} = ${bad}`, 400, { path: fill({ ...spec.params, [key]: bad }), send: send(spec.input).send });
  }
  if (target !== "query" && spec.input) {
    const base = send(spec.input);
    if (target === "json") {
      add("invalid JSON", "bad", { path: base.path, send: { method, ...jsonBody('{"a": ') } });
      add("truncated JSON", "bad", {
        path: base.path,
        send: { method, ...jsonBody(JSON.stringify(spec.input).slice(0, -1)) },
      });
    }
    add("text/plain", 415, {
      path: base.path,
      send: { method, body: JSON.stringify(spec.input), headers: { "content-type": "text/plain" } },
    });
    add("no content type", 415, { path: base.path, send: { method, body: new Blob([JSON.stringify(spec.input)]) } });
    if (target === "json")
      add("a form instead of JSON", 415, { path: base.path, send: { method, ...formBody(spec.input) } });
    if (target === "json")
      for (const top of ["[]", "null", '"x"', "42", "true"])
        add(`body ${top}`, "bad", { path: base.path, send: { method, ...jsonBody(top) } });
    add("unknown field", spec.lenient ? spec.ok : 400, send({ ...spec.input, unexpected: 1 }));
    if (target === "json")
      add("__proto__ field", 400, {
        path: base.path,
        send: { method, ...jsonBody(`{"__proto__":{"role":"admin"},${JSON.stringify(spec.input).slice(1)}`) },
      });
  }
  if (target === "query") add("unknown parameter is ignored", spec.ok, send({ ...spec.input, unexpected: "1" }));
  for (const [name, field] of Object.entries(spec.fields ?? {})) {
    const required =
      field.kind === "text" || field.kind === "int" || field.kind === "enum"
        ? field.required
        : field.kind === "email" || field.kind === "literal";
    if (required) {
      const { [name]: _omitted, ...rest } = spec.input ?? {};
      add(`${name} missing`, "bad", send(rest));
    }
    for (const c of valueCases(name, field, target))
      add(c.label, c.ok ? spec.ok : "bad", send({ ...spec.input, [name]: c.value }));
    if (target === "query")
      add(`${name} given twice`, "bad", { path: `${send(spec.input).path}&${name}=1&${name}=2`, send: { method } });
  }
  for (const c of spec.extra?.() ?? []) out.push(c);
  return out;
}

// ---- the table ----
const { post, notice, publicChannel: pub, privateChannel: priv, imageMessage, resource, victim, payment } = IDS;
const tinyText = `data:text/plain;base64,${btoa("hello")}`;

function multipart(fields: Record<string, string | File>): CallOptions {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return { method: "POST", body };
}
const bigPng = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return bytes;
};
const png = (name = "a.png", type = "image/png", bytes: Uint8Array = PNG) =>
  new File([bytes as unknown as BlobPart], name, { type });

const SPECS: Spec[] = [
  {
    route: "POST /api/sessions",
    as: "anon",
    path: "/api/sessions",
    input: { code: "c", state: "s" },
    fields: { code: text(2048, true, false), state: text(512, true, false) },
    ok: 400,
  },
  {
    route: "GET /api/auth/dev/authorize",
    as: "anon",
    path: "/api/auth/dev/authorize",
    target: "query",
    input: { email: "new@example.com", name: "New", state: "s" },
    fields: { email: email(), name: text(LIMITS.nameMax, false), state: text(512, true, false) },
    ok: 302,
  },
  {
    route: "PUT /api/profile",
    as: "member",
    path: "/api/profile",
    input: { goals: ["Calm"], interests: ["Stars"], socials: { site: "https://example.com" } },
    fields: {
      goals: list(LIMITS.profileEntryMax, LIMITS.profileEntriesMax),
      interests: list(LIMITS.profileEntryMax, LIMITS.profileEntriesMax),
      direct_messages: oneOf(DIRECT_MESSAGE_POLICIES, false),
    },
    ok: 200,
    extra: () => [
      {
        name: "socials with a javascript: URL",
        expect: "bad",
        path: "/api/profile",
        send: { method: "PUT", ...jsonBody({ socials: { x: "javascript:alert(1)" } }) },
      },
      {
        name: "socials not JSON text",
        expect: "bad",
        path: "/api/profile",
        send: { method: "PUT", ...jsonBody({ socials: "{nope" }) },
      },
      { name: "nothing to save", expect: "bad", path: "/api/profile", send: { method: "PUT", ...jsonBody({}) } },
      {
        name: "a language other than en or es",
        expect: "bad",
        path: "/api/profile",
        send: { method: "PUT", ...jsonBody({ language: "fr" }) },
      },
    ],
  },
  {
    route: "PATCH /api/users/me",
    as: "member",
    path: "/api/users/me",
    input: { name: "Luna", bio: "Hi", timezone: "UTC" },
    fields: { name: text(LIMITS.nameMax, false), bio: text(LIMITS.bioMax, false) },
    ok: 200,
    extra: () => [
      {
        name: "role is not the member's to set",
        expect: 400,
        path: "/api/users/me",
        send: { method: "PATCH", ...jsonBody({ role: "admin" }) },
      },
      ...["Mars/Olympus_Mons", at(LIMITS.timezoneMax + 1), "UTC\u0000", 123, true, []].map(
        (timezone): Case => ({
          name: `timezone ${show(timezone)}`,
          expect: 400,
          path: "/api/users/me",
          send: { method: "PATCH", ...jsonBody({ timezone }) },
        }),
      ),
    ],
  },
  {
    route: "POST /api/admin/members",
    as: "admin",
    path: "/api/admin/members",
    input: { email: "new@example.com", name: "New", role: "member" },
    fields: { email: email(), name: text(LIMITS.nameMax, false), role: oneOf(["member", "admin"], false) },
    ok: 201,
  },
  {
    route: "PATCH /api/admin/members/:id",
    as: "admin",
    path: "/api/admin/members/{id}",
    params: { id: victim },
    input: { role: "admin" },
    fields: { role: oneOf(["member", "admin"]) },
    ok: 200,
  },
  {
    route: "DELETE /api/admin/members/:id",
    as: "admin",
    path: "/api/admin/members/{id}",
    params: { id: victim },
    ok: 200,
  },
  {
    route: "DELETE /api/admin/payments/:id",
    as: "admin",
    path: "/api/admin/payments/{id}",
    params: { id: payment },
    ok: 200,
  },
  {
    route: "POST /api/admin/payments/:id/refund",
    as: "admin",
    path: "/api/admin/payments/{id}/refund",
    params: { id: payment },
    ok: 409,
  },
  {
    route: "POST /api/resources/upload",
    as: "paid",
    path: "/api/resources/upload",
    input: { title: "Guide", description: "About", tags: ["a"], file_name: "a.txt", file_data: tinyText },
    fields: {
      title: text(LIBRARY_LIMITS.resourceTitleMax),
      description: text(LIBRARY_LIMITS.resourceDescriptionMax, false),
      tags: list(LIMITS.tagMax, LIMITS.tagsMax),
      file_name: text(1000, true, false),
      file_data: text(64, true, false),
    },
    ok: 201,
    extra: () => {
      const path = "/api/resources/upload";
      const file = new File(["hello"], "a.txt", { type: "text/plain" });
      return [
        { name: "multipart: valid", expect: 201, path, send: multipart({ title: "T", file }) },
        { name: "multipart: no file", expect: "bad", path, send: multipart({ title: "T" }) },
        { name: "multipart: file as text", expect: "bad", path, send: multipart({ title: "T", file: "hello" }) },
        {
          name: "multipart: empty file",
          expect: "bad",
          path,
          send: multipart({ title: "T", file: new File([], "a.txt", { type: "text/plain" }) }),
        },
        { name: "multipart: title missing", expect: "bad", path, send: multipart({ file }) },
        { name: "multipart: title blank", expect: "bad", path, send: multipart({ title: "   ", file }) },
        {
          name: "multipart: title over the limit",
          expect: "bad",
          path,
          send: multipart({ title: at(LIBRARY_LIMITS.resourceTitleMax + 1), file }),
        },
        { name: "multipart: title with NUL", expect: "bad", path, send: multipart({ title: "a\u0000", file }) },
        { name: "multipart: unknown field", expect: 400, path, send: multipart({ title: "T", file, owner_id: "1" }) },
        { name: "multipart: title as a file", expect: "bad", path, send: multipart({ title: file, file }) },
        {
          name: "multipart: an executable type",
          expect: "bad",
          path,
          send: multipart({ title: "T", file: new File(["MZ"], "a.exe", { type: "application/x-msdownload" }) }),
        },
        {
          name: "multipart: a PNG that is text",
          expect: "bad",
          path,
          send: multipart({ title: "T", file: new File(["not a png at all"], "a.png", { type: "image/png" }) }),
        },
        {
          name: "data URL that is not base64",
          expect: "bad",
          path,
          send: {
            method: "POST",
            ...jsonBody({ title: "T", file_name: "a.txt", file_data: "data:text/plain;base64,@@@@" }),
          },
        },
        {
          name: "empty data URL",
          expect: "bad",
          path,
          send: {
            method: "POST",
            ...jsonBody({ title: "T", file_name: "a.txt", file_data: "data:text/plain;base64," }),
          },
        },
        {
          name: "a declared body over 50 MB",
          expect: 413,
          path,
          send: {
            method: "POST",
            ...jsonBody("{}"),
            headers: { "content-type": "application/json", "content-length": String(80 * 1024 * 1024) },
          },
        },
      ];
    },
  },
  {
    route: "GET /api/resources/:id/file",
    as: "paid",
    path: "/api/resources/{id}/file",
    params: { id: resource },
    ok: 200,
  },
  {
    route: "PUT /api/resources/:id",
    as: "admin",
    path: "/api/resources/{id}",
    params: { id: resource },
    input: { title: "New", description: "D", tags: ["x"] },
    fields: {
      title: text(LIBRARY_LIMITS.resourceTitleMax),
      description: text(LIBRARY_LIMITS.resourceDescriptionMax, false),
      tags: list(LIMITS.tagMax, LIMITS.tagsMax),
    },
    ok: 200,
  },
  { route: "DELETE /api/resources/:id", as: "admin", path: "/api/resources/{id}", params: { id: resource }, ok: 200 },
  {
    route: "GET /api/resources",
    as: "paid",
    path: "/api/resources",
    target: "query",
    input: { limit: 24, before: 100, q: "seed", tag: "calm" },
    fields: {
      limit: int(false),
      before: int(false),
      q: text(LIBRARY_LIMITS.resourceSearchMax, false),
      tag: text(LIMITS.tagMax, false),
    },
    ok: 200,
    extra: () => [
      {
        name: "limit over the page maximum",
        expect: 400,
        path: `/api/resources?limit=${LIBRARY_LIMITS.resourcesPageMax + 1}`,
        send: {},
      },
    ],
  },
  {
    route: "GET /api/posts",
    as: "member",
    path: "/api/posts",
    target: "query",
    input: { limit: 20, before: 100 },
    fields: { limit: int(false), before: int(false) },
    ok: 200,
    extra: () => [
      {
        name: "limit over the page maximum",
        expect: 400,
        path: `/api/posts?limit=${LOUNGE_LIMITS.postsPageMax + 1}`,
        send: {},
      },
    ],
  },
  {
    route: "POST /api/posts",
    as: "member",
    path: "/api/posts",
    input: { content: "Hello" },
    fields: { content: text(LIMITS.postMax) },
    ok: 201,
  },
  { route: "GET /api/posts/:id", as: "member", path: "/api/posts/{id}", params: { id: post }, ok: 200 },
  { route: "DELETE /api/posts/:id", as: "owner", path: "/api/posts/{id}", params: { id: post }, ok: 200 },
  {
    route: "PATCH /api/posts/:id",
    as: "owner",
    path: "/api/posts/{id}",
    params: { id: post },
    input: { content: "Edited" },
    fields: { content: text(LIMITS.postMax) },
    ok: 200,
  },
  {
    route: "PATCH /api/comments/:id",
    as: "member",
    path: "/api/comments/{id}",
    params: { id: IDS.comment },
    input: { content: "Edited" },
    fields: { content: text(LIMITS.commentMax) },
    ok: 200,
  },
  { route: "DELETE /api/comments/:id", as: "member", path: "/api/comments/{id}", params: { id: IDS.comment }, ok: 200 },
  { route: "POST /api/posts/:id/like", as: "member", path: "/api/posts/{id}/like", params: { id: post }, ok: 200 },
  {
    route: "POST /api/posts/:id/reactions",
    as: "member",
    path: "/api/posts/{id}/reactions",
    params: { id: post },
    input: { emoji: "✨" },
    fields: { emoji: oneOf(REACTIONS.emoji) },
    ok: 200,
  },
  {
    route: "GET /api/posts/:id/reactions",
    as: "member",
    path: "/api/posts/{id}/reactions",
    params: { id: post },
    ok: 200,
  },
  {
    route: "POST /api/comments/:id/reactions",
    as: "owner",
    path: "/api/comments/{id}/reactions",
    params: { id: IDS.comment },
    input: { emoji: "✨" },
    fields: { emoji: oneOf(REACTIONS.emoji) },
    ok: 200,
  },
  {
    route: "GET /api/comments/:id/reactions",
    as: "owner",
    path: "/api/comments/{id}/reactions",
    params: { id: IDS.comment },
    ok: 200,
  },
  {
    route: "POST /api/messages/:id/reactions",
    as: "paid",
    path: "/api/messages/{id}/reactions",
    params: { id: IDS.imageMessage },
    input: { emoji: "✨" },
    fields: { emoji: oneOf(REACTIONS.emoji) },
    ok: 200,
  },
  {
    route: "GET /api/messages/:id/reactions",
    as: "paid",
    path: "/api/messages/{id}/reactions",
    params: { id: IDS.imageMessage },
    ok: 200,
  },
  {
    route: "GET /api/posts/:id/comments",
    as: "member",
    path: "/api/posts/{id}/comments",
    params: { id: post },
    ok: 200,
  },
  {
    route: "POST /api/posts/:id/comments",
    as: "member",
    path: "/api/posts/{id}/comments",
    params: { id: post },
    input: { content: "Nice" },
    fields: { content: text(LIMITS.commentMax) },
    ok: 201,
  },
  {
    route: "POST /api/cosmic-notices",
    as: "admin",
    path: "/api/cosmic-notices",
    input: { title: "T", content: "<p>C</p>", image_url: "https://example.com/a.png", is_pinned: false },
    fields: { title: text(LIMITS.noticeTitleMax), content: text(LOUNGE_LIMITS.noticeContentMax), is_pinned: bool },
    ok: 201,
    extra: () => [
      {
        name: "image_url javascript:",
        expect: 400,
        path: "/api/cosmic-notices",
        send: { method: "POST", ...jsonBody({ title: "T", content: "C", image_url: "javascript:alert(1)" }) },
      },
      {
        name: "content only markup",
        expect: 400,
        path: "/api/cosmic-notices",
        send: { method: "POST", ...jsonBody({ title: "T", content: "<script>x</script>" }) },
      },
    ],
  },
  {
    route: "DELETE /api/cosmic-notices/:id",
    as: "admin",
    path: "/api/cosmic-notices/{id}",
    params: { id: notice },
    ok: 200,
  },
  {
    route: "POST /api/payments/initiate",
    as: "member",
    path: "/api/payments/initiate",
    input: { amount: 15000, provider: "webpay_form" },
    // The amount is optional (the server prices the plan) but, when sent, must be the plan's price.
    fields: { amount: int(false), plan_id: text(30, false, false), provider: literal },
    ok: 200,
  },
  {
    route: "POST /api/admin/plans",
    as: "admin",
    path: "/api/admin/plans",
    input: { id: "quarterly", name: "Quarterly", amount_clp: 40000, period_days: 90 },
    fields: {
      id: text(30, true, false),
      name: text(PLANS.nameMax),
      amount_clp: int(),
      period_days: int(),
      active: bool,
    },
    ok: 201,
  },
  {
    route: "POST /api/coupons/check",
    as: "member",
    path: "/api/coupons/check",
    // No coupon in the seeded world: a well-formed code is priced, and unknown.
    input: { code: "NOPE", plan_id: "monthly" },
    fields: { code: text(30, true, false), plan_id: text(30, false, false) },
    ok: 404,
  },
  {
    route: "POST /api/admin/coupons",
    as: "admin",
    path: "/api/admin/coupons",
    input: { code: "WELCOME", percent_off: 10 },
    fields: {
      code: text(30, true, false),
      percent_off: int(false),
      amount_off_clp: int(false),
      periods: int(false),
      max_redemptions: int(false),
      plan_ids: list(30, 20),
      reason: text(COUPONS.reasonMax, false),
    },
    ok: 201,
  },
  {
    route: "POST /api/gifts",
    as: "member",
    path: "/api/gifts",
    input: { plan_months: 1, recipient_email: "friend@example.com" },
    fields: { plan_months: literal, recipient_email: email(), message: text(GIFTS.messageMax, false) },
    ok: 200,
  },
  {
    route: "POST /api/gifts/redeem",
    as: "member",
    path: "/api/gifts/redeem",
    // A well-formed code no gift has.
    input: { code: "a".repeat(43) },
    fields: { code: text(43, true, false) },
    ok: 404,
  },
  {
    route: "GET /api/admin/revenue",
    as: "admin",
    path: "/api/admin/revenue",
    target: "query",
    input: { from: "2026-01-01", to: "2026-04-01" },
    fields: {
      from: text(10, false, false),
      to: text(10, false, false),
      format: oneOf(["json", "csv"], false),
      table: oneOf(["mrr", "churn", "cohorts", "revenue", "upcoming", "quiet"], false),
    },
    ok: 200,
  },
  {
    route: "POST /api/membership/trial",
    as: "member",
    path: "/api/membership/trial",
    // No seeded plan offers a trial: a well-formed request is refused by state.
    input: { plan_id: "monthly", coupon: "WELCOME" },
    fields: { plan_id: text(30, false, false), coupon: text(30, false, false) },
    ok: 409,
  },
  {
    route: "POST /api/membership/pause",
    as: "member",
    path: "/api/membership/pause",
    // The member has no automatic renewal to pause: a well-formed request is refused by state.
    input: { periods: 1 },
    fields: { periods: int() },
    ok: 409,
  },
  {
    route: "PUT /api/admin/plans/:id",
    as: "admin",
    path: "/api/admin/plans/monthly",
    input: { name: "Monthly", amount_clp: 15000, period_days: 30 },
    fields: { name: text(PLANS.nameMax), amount_clp: int(), period_days: int(), active: bool },
    ok: 200,
    // A plan id is lower-case letters, digits and dashes (a number is not an id here).
    extra: () =>
      ["Monthly", "m", "a%00", "%F0%9F%98%80", "x".repeat(31)].map(
        (id): Case => ({
          name: `:id = ${id}`,
          expect: 400,
          path: `/api/admin/plans/${id}`,
          send: { method: "PUT", ...jsonBody({ name: "Monthly", amount_clp: 15000, period_days: 30 }) },
        }),
      ),
  },
  {
    route: "GET /api/payments/webpay/return",
    as: "anon",
    path: "/api/payments/webpay/return",
    target: "query",
    input: { token_ws: "unknown" },
    fields: { token_ws: text(100, false), TBK_ORDEN_COMPRA: text(26, false), TBK_ID_SESION: text(61, false) },
    ok: 303,
  },
  {
    route: "POST /api/payments/webpay/return",
    as: "anon",
    path: "/api/payments/webpay/return",
    target: "form",
    lenient: true,
    input: { token_ws: "unknown" },
    fields: { token_ws: text(100, false), TBK_TOKEN: text(100, false) },
    ok: 303,
  },
  {
    route: "GET /api/payments/oneclick/return",
    as: "anon",
    path: "/api/payments/oneclick/return",
    target: "query",
    input: { TBK_TOKEN: "unknown" },
    fields: { TBK_TOKEN: text(100, false), TBK_ORDEN_COMPRA: text(40, false), TBK_ID_SESION: text(61, false) },
    ok: 303,
  },
  {
    route: "POST /api/payments/oneclick/return",
    as: "anon",
    path: "/api/payments/oneclick/return",
    target: "form",
    lenient: true,
    input: { TBK_TOKEN: "unknown" },
    fields: { TBK_TOKEN: text(100, false), TBK_ORDEN_COMPRA: text(40, false) },
    ok: 303,
  },
  {
    route: "POST /api/payments/confirm",
    as: "member",
    path: "/api/payments/confirm",
    input: { success: true, amount: 15000 },
    fields: { success: bool },
    ok: 402,
  },
  {
    route: "POST /api/groups",
    as: "member",
    path: "/api/groups",
    input: { name: "New", description: "D", is_private: false },
    fields: {
      name: text(LIMITS.channelNameMax),
      description: text(LIMITS.channelDescriptionMax, false),
      is_private: bool,
    },
    ok: 201,
  },
  {
    route: "PUT /api/groups/:id",
    as: "owner",
    path: "/api/groups/{id}",
    params: { id: pub },
    input: { name: "Renamed", description: null, is_private: false },
    fields: {
      name: text(LIMITS.channelNameMax),
      description: text(LIMITS.channelDescriptionMax, false),
      is_private: bool,
    },
    ok: 200,
  },
  { route: "DELETE /api/groups/:id", as: "owner", path: "/api/groups/{id}", params: { id: pub }, ok: 200 },
  { route: "POST /api/groups/:id/read", as: "paid", path: "/api/groups/{id}/read", params: { id: priv }, ok: 200 },
  {
    route: "GET /api/groups/:id/members",
    as: "owner",
    path: "/api/groups/{id}/members",
    params: { id: priv },
    ok: 200,
  },
  {
    route: "POST /api/groups/:id/members",
    as: "owner",
    path: "/api/groups/{id}/members",
    params: { id: priv },
    input: { email: EMAILS.member },
    fields: { email: email() },
    ok: 201,
  },
  {
    route: "DELETE /api/groups/:id/members/:userId",
    as: "owner",
    path: "/api/groups/{id}/members/{userId}",
    params: { id: priv, userId: IDS.paid },
    ok: 200,
  },
  {
    route: "DELETE /api/groups/:id/invitations/:invitationId",
    as: "owner",
    path: "/api/groups/{id}/invitations/{invitationId}",
    params: { id: priv, invitationId: IDS.invitation },
    ok: 200,
  },
  {
    route: "POST /api/direct",
    as: "member",
    path: "/api/direct",
    input: { user_id: IDS.paid },
    fields: { user_id: int() },
    ok: 201,
  },
  {
    route: "POST /api/blocks",
    as: "member",
    path: "/api/blocks",
    input: { user_id: IDS.paid },
    fields: { user_id: int() },
    ok: 201,
  },
  {
    route: "DELETE /api/blocks/:user_id",
    as: "member",
    path: "/api/blocks/{user_id}",
    params: { user_id: IDS.paid },
    ok: 404,
  },
  {
    route: "POST /api/groups/:id/decline",
    as: "paid",
    path: "/api/groups/{id}/decline",
    params: { id: priv },
    ok: 200,
  },
  { route: "GET /api/groups/:id/socket", as: "owner", path: "/api/groups/{id}/socket", params: { id: pub }, ok: 426 },
  {
    route: "GET /api/messages",
    as: "owner",
    path: "/api/messages",
    target: "query",
    input: { group_id: pub, after: 0 },
    fields: { group_id: int(), after: int(false, true) },
    ok: 200,
  },
  {
    route: "PATCH /api/messages/:id",
    as: "owner",
    path: "/api/messages/{id}",
    params: { id: IDS.imageMessage },
    input: { body: "Edited" },
    fields: { body: text(LIMITS.chatMessageMax) },
    ok: 200,
  },
  {
    route: "DELETE /api/messages/:id",
    as: "owner",
    path: "/api/messages/{id}",
    params: { id: IDS.imageMessage },
    ok: 200,
  },
  {
    route: "POST /api/messages",
    as: "owner",
    path: "/api/messages",
    input: { group_id: pub, body: "Hi" },
    fields: { group_id: int(), body: text(LIMITS.chatMessageMax) },
    ok: 201,
    extra: () => [
      {
        name: "image_url not a data URL",
        expect: 400,
        path: "/api/messages",
        send: { method: "POST", ...jsonBody({ group_id: pub, body: "x", image_url: "https://example.com/a.png" }) },
      },
      {
        name: "image_url of an SVG",
        expect: 400,
        path: "/api/messages",
        send: {
          method: "POST",
          ...jsonBody({ group_id: pub, body: "x", image_url: `data:image/svg+xml;base64,${btoa("<svg/>")}` }),
        },
      },
      {
        name: "image_url that is text",
        expect: 400,
        path: "/api/messages",
        send: {
          method: "POST",
          ...jsonBody({
            group_id: pub,
            body: "x",
            image_url: `data:image/png;base64,${btoa("hello world, not a png")}`,
          }),
        },
      },
      {
        name: "a group that does not exist",
        expect: 404,
        path: "/api/messages",
        send: { method: "POST", ...jsonBody({ group_id: 999999, body: "x" }) },
      },
    ],
  },
  {
    route: "POST /api/messages/image",
    as: "owner",
    path: "/api/messages/image",
    target: "form",
    ok: 201,
    extra: () => {
      const path = "/api/messages/image";
      return [
        { name: "valid image", expect: 201, path, send: multipart({ group_id: String(pub), image: png() }) },
        { name: "no image", expect: "bad", path, send: multipart({ group_id: String(pub) }) },
        { name: "image as text", expect: "bad", path, send: multipart({ group_id: String(pub), image: "abc" }) },
        { name: "group_id missing", expect: "bad", path, send: multipart({ image: png() }) },
        ...["abc", "1.5", "-1", "0", "99999999999999999999", "", "\u0000"].map(
          (g): Case => ({
            name: `group_id ${show(g)}`,
            expect: "bad",
            path,
            send: multipart({ group_id: g, image: png() }),
          }),
        ),
        {
          name: "unknown field",
          expect: 400,
          path,
          send: multipart({ group_id: String(pub), image: png(), sender_id: "1" }),
        },
        {
          name: "a text file",
          expect: "bad",
          path,
          send: multipart({
            group_id: String(pub),
            image: png("a.txt", "text/plain", new TextEncoder().encode("hello")),
          }),
        },
        {
          name: "a PNG name on text",
          expect: "bad",
          path,
          send: multipart({
            group_id: String(pub),
            image: png("a.png", "image/png", new TextEncoder().encode("hello, not an image")),
          }),
        },
        {
          name: "an SVG",
          expect: "bad",
          path,
          send: multipart({
            group_id: String(pub),
            image: png("a.svg", "image/svg+xml", new TextEncoder().encode("<svg onload=alert(1)/>")),
          }),
        },
        {
          name: "an empty image",
          expect: "bad",
          path,
          send: multipart({ group_id: String(pub), image: png("a.png", "image/png", new Uint8Array()) }),
        },
        {
          name: "5 MB + 1 byte",
          expect: 413,
          path,
          send: multipart({
            group_id: String(pub),
            image: png("a.png", "image/png", bigPng(LIMITS.chatImageMaxBytes + 1)),
          }),
        },
        {
          name: "JSON instead of multipart",
          expect: "bad",
          path,
          send: { method: "POST", ...jsonBody({ group_id: pub }) },
        },
        {
          name: "text/plain",
          expect: 415,
          path,
          send: { method: "POST", body: "group_id=1", headers: { "content-type": "text/plain" } },
        },
        { name: "a form, not multipart", expect: 415, path, send: { method: "POST", ...formBody({ group_id: pub }) } },
      ];
    },
  },
  {
    route: "GET /api/messages/:id/image",
    as: "owner",
    path: "/api/messages/{id}/image",
    params: { id: imageMessage },
    ok: 200,
  },
  {
    route: "POST /api/ai/generate-notice-text",
    as: "admin",
    path: "/api/ai/generate-notice-text",
    input: { prompt: "Full moon", type: "event", model: "openai" },
    fields: { prompt: text(LIMITS.aiPromptMax), type: oneOf(NOTICE_TEXT_TYPES), model: oneOf(TEXT_MODELS) },
    env: fakeAiTestEnv,
    ok: 200,
  },
  {
    route: "POST /api/ai/generate-notice-image",
    as: "admin",
    path: "/api/ai/generate-notice-image",
    input: { prompt: "Moon", style: "vivid", quality: "standard", size: "1024x1024", model: "openai" },
    fields: {
      prompt: text(LIMITS.aiPromptMax),
      style: oneOf(IMAGE_STYLES),
      quality: oneOf(IMAGE_QUALITIES),
      size: oneOf(IMAGE_SIZES),
      model: oneOf(IMAGE_MODELS),
    },
    env: fakeAiTestEnv,
    ok: 200,
  },
  {
    route: "POST /api/ai/generate-text",
    as: "paid",
    path: "/api/ai/generate-text",
    input: { prompt: "Breathing", title: "Guide", type: "guide", tags: ["calm"], model: "openai" },
    fields: {
      prompt: text(LIMITS.aiPromptMax),
      title: text(LIBRARY_LIMITS.resourceTitleMax, false),
      type: oneOf(RESOURCE_TEXT_TYPES),
      tags: list(LIMITS.tagMax, LIMITS.tagsMax),
      model: oneOf(TEXT_MODELS),
    },
    env: fakeAiTestEnv,
    ok: 201,
  },
  {
    route: "POST /api/ai/generate-image",
    as: "paid",
    path: "/api/ai/generate-image",
    input: {
      prompt: "Moon",
      title: "Moon",
      style: "natural",
      quality: "hd",
      size: "1792x1024",
      tags: [],
      model: "openai",
    },
    fields: {
      prompt: text(LIMITS.aiPromptMax),
      title: text(LIBRARY_LIMITS.resourceTitleMax, false),
      style: oneOf(IMAGE_STYLES),
      quality: oneOf(IMAGE_QUALITIES),
      size: oneOf(IMAGE_SIZES),
      tags: list(LIMITS.tagMax, LIMITS.tagsMax),
      model: oneOf(IMAGE_MODELS),
    },
    env: fakeAiTestEnv,
    ok: 201,
  },
  {
    route: "GET /api/ai/images/:month/:token",
    as: "member",
    path: `/api/ai/images/${AI_IMAGE_PATH}`,
    ok: 200,
    extra: () =>
      [
        "2026-13/seedSeedSeedSeedSeedSeed",
        "2026-01/short",
        "2026-01/seedSeedSeedSeedSeedSee%2F",
        "..%2F..%2Fresources/seedSeedSeedSeedSeedSeed",
        "2026-01/seedSeedSeedSeedSeedSeed%00",
      ].map((bad) => ({
        name: `key ${bad}`,
        expect: "bad" as const,
        path: `/api/ai/images/${bad}`,
        send: {},
      })),
  },
  {
    route: "POST /api/reports",
    as: "member",
    path: "/api/reports",
    input: { kind: "post", id: post, reason: "harassment", details: "Unkind" },
    fields: {
      kind: oneOf(REPORT_KINDS),
      id: int(),
      reason: oneOf(REPORT_REASONS),
      details: text(MODERATION.reportDetailsMax, false),
    },
    ok: 201,
  },
  {
    route: "POST /api/admin/reports/:id/resolve",
    as: "admin",
    path: "/api/admin/reports/{id}/resolve",
    params: { id: IDS.report },
    input: { action: "dismiss" },
    fields: { action: oneOf(["hide", "dismiss"]) },
    ok: 200,
  },
  {
    route: "PUT /api/dev/faults/rooms/:id",
    as: "admin",
    path: "/api/dev/faults/rooms/{id}",
    params: { id: 999999 },
    input: { seconds: 1 },
    fields: { seconds: int() },
    ok: 200,
  },
  {
    route: "POST /api/admin/members/:id/mute",
    as: "admin",
    path: "/api/admin/members/{id}/mute",
    params: { id: victim },
    input: { hours: 24 },
    fields: { hours: int() },
    ok: 200,
    extra: () => [
      {
        name: "hours over the maximum",
        expect: 400,
        path: `/api/admin/members/${victim}/mute`,
        send: { method: "POST", ...jsonBody({ hours: MODERATION.muteHoursMax + 1 }) },
      },
      {
        name: "hours at the maximum",
        expect: 200,
        path: `/api/admin/members/${victim}/mute`,
        send: { method: "POST", ...jsonBody({ hours: MODERATION.muteHoursMax }) },
      },
    ],
  },
  {
    route: "DELETE /api/admin/members/:id/mute",
    as: "admin",
    path: "/api/admin/members/{id}/mute",
    params: { id: victim },
    ok: 200,
  },
  {
    route: "GET /api/admin/audit",
    as: "admin",
    path: "/api/admin/audit",
    target: "query",
    input: { action: "member.add", actor: IDS.admin, before: 100, limit: 20, format: "json" },
    fields: {
      action: oneOf(AUDIT_ACTIONS, false),
      actor: int(false),
      before: int(false),
      limit: int(false),
      format: oneOf(["json", "csv"], false),
    },
    ok: 200,
    extra: () => [
      {
        name: "limit over the page maximum",
        expect: 400,
        path: `/api/admin/audit?limit=${MODERATION.auditPageMax + 1}`,
        send: {},
      },
    ],
  },
  {
    route: "DELETE /api/profile",
    as: "member",
    path: "/api/profile",
    input: { confirm: EMAILS.member },
    fields: { confirm: email() },
    ok: 200,
    extra: () => [
      {
        name: "another member's email",
        expect: 400,
        path: "/api/profile",
        send: { method: "DELETE", ...jsonBody({ confirm: EMAILS.paid }) },
      },
    ],
  },
  {
    route: "GET /api/mentions",
    as: "member",
    path: "/api/mentions",
    target: "query",
    input: { q: "pa", group_id: IDS.publicChannel },
    fields: { q: text(LIMITS.mentionQueryMax, false), group_id: int(false) },
    ok: 200,
  },
  {
    route: "GET /api/search",
    as: "member",
    path: "/api/search",
    target: "query",
    input: { q: "seed", kind: "post" },
    fields: { q: text(LIMITS.searchQueryMax), kind: oneOf(SEARCH_KINDS, false) },
    ok: 200,
  },
  {
    route: "POST /api/notifications/read",
    as: "member",
    path: "/api/notifications/read",
    input: { ids: [1] },
    ok: 200,
    extra: () =>
      [
        [],
        [0],
        [-1],
        [1.5],
        ["1"],
        [null],
        [2 ** 53],
        1,
        "1",
        null,
        Array.from({ length: NOTIFICATION_LIMITS.notificationIdsMax + 1 }, (_, i) => i + 1),
      ].map(
        (ids): Case => ({
          name: `ids ${show(ids)}`,
          expect: 400,
          path: "/api/notifications/read",
          send: { method: "POST", ...jsonBody({ ids }) },
        }),
      ),
  },
  {
    route: "PUT /api/notifications/preferences",
    as: "member",
    path: "/api/notifications/preferences",
    input: { preferences: { mention: { in_app: true, push: true, email: false } }, digest: "off" },
    fields: { digest: oneOf(DIGESTS) },
    ok: 200,
    extra: () =>
      [
        { birthday: { in_app: true, push: true, email: true } },
        { mention: { in_app: true, push: true, email: true, sms: true } },
        { mention: { in_app: true, push: true } },
        { mention: { in_app: 1, push: true, email: true } },
        { mention: null },
        [],
        "all",
        null,
      ].map(
        (preferences): Case => ({
          name: `preferences ${show(preferences)}`,
          expect: 400,
          path: "/api/notifications/preferences",
          send: { method: "PUT", ...jsonBody({ preferences, digest: "off" }) },
        }),
      ),
  },
  {
    route: "POST /api/push/subscriptions",
    as: "member",
    path: "/api/push/subscriptions",
    input: { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: RFC8291_DEVICE_KEYS },
    fields: { endpoint: text(2048, true, false) },
    ok: 201,
    extra: () =>
      [
        { ...RFC8291_DEVICE_KEYS, p256dh: "AAAA" },
        { ...RFC8291_DEVICE_KEYS, auth: "c2hvcnQ" },
        { ...RFC8291_DEVICE_KEYS, auth: "not base64!" },
        { ...RFC8291_DEVICE_KEYS, p256dh: 1 },
        { p256dh: RFC8291_DEVICE_KEYS.p256dh },
        null,
      ].map(
        (keys): Case => ({
          name: `keys ${show(keys)}`,
          expect: 400,
          path: "/api/push/subscriptions",
          send: { method: "POST", ...jsonBody({ endpoint: "https://fcm.googleapis.com/fcm/send/x", keys }) },
        }),
      ),
  },
  {
    route: "DELETE /api/push/subscriptions",
    as: "member",
    path: "/api/push/subscriptions",
    input: { endpoint: "https://fcm.googleapis.com/fcm/send/none" },
    fields: { endpoint: text(2048, true, false) },
    ok: 404,
  },
  {
    route: "POST /api/link-preview",
    as: "member",
    path: "/api/link-preview",
    input: { url: "http://127.0.0.1/" },
    fields: { url: text(LIMITS.urlMax, true, false) },
    ok: 400,
  },
  // events
  {
    route: "GET /api/events",
    as: "member",
    path: "/api/events",
    target: "query",
    input: { from: "2026-01-01T00:00:00Z", to: "2040-01-01T00:00:00-03:00", order: "desc", limit: 10 },
    fields: { order: oneOf(["asc", "desc"], false), limit: int(false) },
    ok: 200,
    extra: () =>
      ["from=yesterday", "to=2027-13-01T00:00:00Z", `limit=${EVENT_LIMITS.pageMax + 1}`, "cursor=abc"].map(
        (query): Case => ({ name: query, expect: 400, path: `/api/events?${query}`, send: {} }),
      ),
  },
  {
    route: "POST /api/events",
    as: "admin",
    path: "/api/events",
    input: {
      title: "Circle",
      description: "Bring a blanket",
      start_local: "2030-01-01T20:00",
      end_local: "2030-01-01T21:00",
      time_zone: "America/Santiago",
      location: "online",
      place: "Home",
      meeting_url: "https://meet.example.com/x",
      paid_only: false,
    },
    fields: {
      title: text(EVENT_LIMITS.titleMax),
      description: text(EVENT_LIMITS.descriptionMax, false),
      place: text(EVENT_LIMITS.placeMax, false),
      location: oneOf(EVENT_LOCATIONS),
      paid_only: bool,
      repeat: oneOf(EVENT_REPEATS, false),
    },
    ok: 201,
    extra: () =>
      (
        [
          { start_local: "2030-01-01 20:00" },
          { start_local: "2030-02-30T20:00", end_local: "2030-02-30T21:00" },
          { end_local: "2030-01-01T19:00" },
          { end_local: "2030-02-01T19:00" },
          { time_zone: "Mars/Olympus_Mons" },
          { time_zone: at(LIMITS.timezoneMax + 1) },
          { location: "in_person", place: null },
          { meeting_url: "javascript:alert(1)" },
          { meeting_url: `https://x.example/${at(LIMITS.urlMax)}` },
          { capacity: 0 },
          { capacity: 1.5 },
          { capacity: EVENT_LIMITS.capacityMax + 1 },
          { capacity: "10" },
        ] as Record<string, unknown>[]
      ).map(
        (fields): Case => ({
          name: show(fields),
          expect: 400,
          path: "/api/events",
          send: {
            method: "POST",
            ...jsonBody({
              title: "C",
              start_local: "2030-01-01T20:00",
              end_local: "2030-01-01T21:00",
              location: "online",
              ...fields,
            }),
          },
        }),
      ),
  },
  // programs
  {
    route: "GET /api/programs",
    as: "member",
    path: "/api/programs",
    target: "query",
    input: { before: 100 },
    fields: { before: int(false) },
    ok: 200,
  },
  {
    route: "POST /api/programs",
    as: "admin",
    path: "/api/programs",
    input: { title: "Calm", summary: "Three weeks", unlock: "daily", time_zone: "Europe/Madrid", paid_only: true },
    fields: {
      title: text(PROGRAM_LIMITS.titleMax),
      summary: text(PROGRAM_LIMITS.summaryMax, false),
      unlock: oneOf(UNLOCK_MODES, false),
      paid_only: bool,
      published: bool,
    },
    ok: 201,
    extra: () =>
      [{ time_zone: "Mars/Olympus_Mons" }, { starts_on: "2027-02-30" }, { starts_on: "tomorrow" }].map(
        (fields): Case => ({
          name: show(fields),
          expect: 400,
          path: "/api/programs",
          send: { method: "POST", ...jsonBody({ title: "C", ...fields }) },
        }),
      ),
  },
  {
    route: "GET /api/programs/search",
    as: "member",
    path: "/api/programs/search",
    target: "query",
    input: { q: "seed" },
    fields: { q: text(PROGRAM_LIMITS.searchMax) },
    ok: 200,
  },
  { route: "GET /api/programs/:id", as: "member", path: "/api/programs/{id}", params: { id: IDS.program }, ok: 200 },
  {
    route: "PUT /api/programs/:id",
    as: "admin",
    path: "/api/programs/{id}",
    params: { id: IDS.program },
    input: { title: "Renamed", published: false },
    fields: { title: text(PROGRAM_LIMITS.titleMax, false), unlock: oneOf(UNLOCK_MODES, false), published: bool },
    ok: 200,
  },
  { route: "DELETE /api/programs/:id", as: "admin", path: "/api/programs/{id}", params: { id: IDS.program }, ok: 200 },
  {
    route: "PUT /api/programs/:id/cover",
    as: "admin",
    path: "/api/programs/{id}/cover",
    params: { id: IDS.program },
    target: "form",
    ok: 200,
    extra: () => {
      const path = `/api/programs/${IDS.program}/cover`;
      const put = (fields: Record<string, string | File>): CallOptions => ({ ...multipart(fields), method: "PUT" });
      return [
        { name: "valid image", expect: 200, path, send: put({ file: png() }) },
        { name: "no file", expect: 400, path, send: put({}) },
        { name: "file as text", expect: 400, path, send: put({ file: "abc" }) },
        { name: "empty file", expect: 400, path, send: put({ file: png("a.png", "image/png", new Uint8Array()) }) },
        { name: "unknown field", expect: 400, path, send: put({ file: png(), title: "x" }) },
        { name: "a text file", expect: 415, path, send: put({ file: png("a.txt", "text/plain") }) },
        {
          name: "not an image's bytes",
          expect: 415,
          path,
          send: put({ file: png("a.png", "image/png", new TextEncoder().encode("<svg></svg>")) }),
        },
        {
          name: "too large",
          expect: 413,
          path,
          send: put({ file: png("a.png", "image/png", bigPng(PROGRAM_LIMITS.coverMaxBytes + 1)) }),
        },
      ];
    },
  },
  {
    route: "DELETE /api/programs/:id/cover",
    as: "admin",
    path: "/api/programs/{id}/cover",
    params: { id: IDS.program },
    ok: 200,
  },
  {
    route: "GET /api/programs/:id/cover",
    as: "member",
    path: "/api/programs/{id}/cover",
    params: { id: IDS.program },
    ok: 404,
  },
  {
    route: "POST /api/programs/:id/enrol",
    as: "member",
    path: "/api/programs/{id}/enrol",
    params: { id: IDS.program },
    ok: 200,
  },
  {
    route: "DELETE /api/programs/:id/enrol",
    as: "owner",
    path: "/api/programs/{id}/enrol",
    params: { id: IDS.program },
    ok: 200,
  },
  {
    route: "GET /api/programs/:id/lessons",
    as: "member",
    path: "/api/programs/{id}/lessons",
    params: { id: IDS.program },
    ok: 200,
  },
  {
    route: "POST /api/programs/:id/lessons",
    as: "admin",
    path: "/api/programs/{id}/lessons",
    params: { id: IDS.program },
    target: "form",
    ok: 201,
    extra: () => {
      const path = `/api/programs/${IDS.program}/lessons`;
      const ogg = (bytes: Uint8Array) => new File([bytes as unknown as BlobPart], "a.ogg", { type: "audio/ogg" });
      const oggBytes = new Uint8Array(64);
      oggBytes.set([0x4f, 0x67, 0x67, 0x53]);
      return [
        { name: "valid lesson with audio", expect: 201, path, send: multipart({ title: "L", file: ogg(oggBytes) }) },
        { name: "no title", expect: 400, path, send: multipart({ body: "x" }) },
        { name: "blank title", expect: 400, path, send: multipart({ title: " " }) },
        {
          name: "title over the limit",
          expect: 400,
          path,
          send: multipart({ title: at(PROGRAM_LIMITS.titleMax + 1) }),
        },
        { name: "title with a line break", expect: 400, path, send: multipart({ title: "a\nb" }) },
        { name: "unknown field", expect: 400, path, send: multipart({ title: "L", role: "admin" }) },
        { name: "opens_on not a date", expect: 400, path, send: multipart({ title: "L", opens_on: "soon" }) },
        { name: "duration negative", expect: 400, path, send: multipart({ title: "L", duration_seconds: "-1" }) },
        { name: "not audio's bytes", expect: 415, path, send: multipart({ title: "L", file: ogg(PNG) }) },
        { name: "JSON instead of multipart", expect: 415, path, send: { method: "POST", ...jsonBody({ title: "L" }) } },
      ];
    },
  },
  {
    route: "PUT /api/programs/:id/lessons/order",
    as: "admin",
    path: "/api/programs/{id}/lessons/order",
    params: { id: IDS.program },
    input: { ids: [IDS.lesson] },
    ok: 200,
    extra: () =>
      [{ ids: [] }, { ids: [IDS.lesson, IDS.lesson] }, { ids: [999] }, { ids: ["1"] }, { ids: [1.5] }].map(
        (body): Case => ({
          name: show(body),
          expect: 400,
          path: `/api/programs/${IDS.program}/lessons/order`,
          send: { method: "PUT", ...jsonBody(body) },
        }),
      ),
  },
  {
    route: "GET /api/admin/programs/:id/funnel",
    as: "admin",
    path: "/api/admin/programs/{id}/funnel",
    params: { id: IDS.program },
    target: "query",
    input: { format: "csv" },
    fields: { format: oneOf(["json", "csv"], false) },
    ok: 200,
  },
  { route: "GET /api/lessons/:id", as: "member", path: "/api/lessons/{id}", params: { id: IDS.lesson }, ok: 200 },
  {
    route: "GET /api/lessons/:id/media",
    as: "member",
    path: "/api/lessons/{id}/media",
    params: { id: IDS.lesson },
    ok: 200,
  },
  {
    route: "PUT /api/lessons/:id/progress",
    as: "owner",
    path: "/api/lessons/{id}/progress",
    params: { id: IDS.lesson },
    input: { position_seconds: 12, done: true },
    fields: { done: bool },
    ok: 200,
    extra: () =>
      [
        {},
        { position_seconds: -1 },
        { position_seconds: PROGRAM_LIMITS.durationMaxSeconds + 1 },
        { position_seconds: "5" },
      ].map(
        (body): Case => ({
          name: show(body),
          expect: 400,
          path: `/api/lessons/${IDS.lesson}/progress`,
          send: { method: "PUT", ...jsonBody(body) },
        }),
      ),
  },
  {
    route: "PUT /api/lessons/:id",
    as: "admin",
    path: "/api/lessons/{id}",
    params: { id: IDS.lesson },
    input: { title: "Renamed", body: "New words" },
    fields: { title: text(PROGRAM_LIMITS.titleMax, false), body: text(PROGRAM_LIMITS.lessonBodyMax, false) },
    ok: 200,
  },
  { route: "DELETE /api/lessons/:id", as: "admin", path: "/api/lessons/{id}", params: { id: IDS.lesson }, ok: 200 },
  {
    route: "POST /api/lessons/:id/uploads",
    as: "admin",
    path: "/api/lessons/{id}/uploads",
    params: { id: IDS.lesson },
    input: { file_name: "a.ogg", content_type: "audio/ogg", size: 100 },
    fields: { file_name: text(255), size: int() },
    ok: 201,
    extra: () => [
      {
        name: "size over the cap",
        expect: 400,
        path: `/api/lessons/${IDS.lesson}/uploads`,
        send: {
          method: "POST",
          ...jsonBody({ file_name: "a.ogg", size: PROGRAM_LIMITS.lessonMediaMultipartMaxBytes + 1 }),
        },
      },
    ],
  },
  {
    route: "GET /api/lessons/:id/uploads/:uploadId",
    as: "admin",
    path: `/api/lessons/{id}/uploads/${LESSON_UPLOAD_ID}`,
    params: { id: IDS.lesson },
    ok: 200,
  },
  {
    route: "PUT /api/lessons/:id/uploads/:uploadId/parts/:part",
    as: "admin",
    path: `/api/lessons/{id}/uploads/${LESSON_UPLOAD_ID}/parts/{part}`,
    params: { id: IDS.lesson, part: 1 },
    // A part is raw bytes (application/octet-stream): none at all is 415.
    ok: 415,
    extra: () => {
      const path = `/api/lessons/${IDS.lesson}/uploads/${LESSON_UPLOAD_ID}/parts/1`;
      return [
        {
          // The seeded upload is 100 bytes in one part: a 3-byte part is refused.
          name: "a part shorter than the upload",
          expect: 400,
          path,
          send: { method: "PUT", body: new Uint8Array(3), headers: { "content-type": "application/octet-stream" } },
        },
        { name: "JSON body", expect: 415, path, send: { method: "PUT", ...jsonBody({ a: 1 }) } },
        {
          name: "part past the last",
          expect: 400,
          path: `/api/lessons/${IDS.lesson}/uploads/${LESSON_UPLOAD_ID}/parts/2`,
          send: { method: "PUT", body: new Uint8Array(3), headers: { "content-type": "application/octet-stream" } },
        },
        {
          name: "a part larger than the part size",
          expect: 413,
          path,
          send: {
            method: "PUT",
            body: new Uint8Array(PROGRAM_LIMITS.uploadPartBytes + 1),
            headers: { "content-type": "application/octet-stream" },
          },
        },
      ];
    },
  },
  {
    route: "POST /api/lessons/:id/uploads/:uploadId/complete",
    as: "admin",
    path: `/api/lessons/{id}/uploads/${LESSON_UPLOAD_ID}/complete`,
    params: { id: IDS.lesson },
    ok: 400,
  },
  {
    route: "DELETE /api/lessons/:id/uploads/:uploadId",
    as: "admin",
    path: `/api/lessons/{id}/uploads/${LESSON_UPLOAD_ID}`,
    params: { id: IDS.lesson },
    ok: 200,
  },
  {
    route: "GET /api/practice",
    as: "member",
    path: "/api/practice",
    target: "query",
    input: { from: "2026-01-01", to: "2026-01-31" },
    ok: 200,
    extra: () =>
      ["from=2026-02-30", "from=2026-02-01&to=2026-01-01", "from=2020-01-01&to=2026-01-01", "to=yesterday"].map(
        (query): Case => ({ name: query, expect: 400, path: `/api/practice?${query}`, send: {} }),
      ),
  },
  {
    route: "POST /api/practice",
    as: "member",
    path: "/api/practice",
    input: { minutes: 20, practised_on: "2026-01-02", note: "Sat by the window", mood: "calm" },
    fields: {
      minutes: int(),
      note: text(PROGRAM_LIMITS.practiceNoteMax, false),
      mood: oneOf(PRACTICE_MOODS, false),
    },
    ok: 201,
    extra: () =>
      [{ minutes: PROGRAM_LIMITS.practiceMinutesMax + 1 }, { minutes: 10, practised_on: "2999-01-01" }].map(
        (body): Case => ({
          name: show(body),
          expect: 400,
          path: "/api/practice",
          send: { method: "POST", ...jsonBody(body) },
        }),
      ),
  },
  {
    route: "PUT /api/practice/goal",
    as: "member",
    path: "/api/practice/goal",
    input: { weekly_goal_minutes: 90 },
    ok: 200,
    extra: () =>
      [
        {},
        { weekly_goal_minutes: -1 },
        { weekly_goal_minutes: 1.5 },
        { weekly_goal_minutes: "90" },
        { weekly_goal_minutes: PROGRAM_LIMITS.weeklyGoalMaxMinutes + 1 },
      ].map(
        (body): Case => ({
          name: show(body),
          expect: 400,
          path: "/api/practice/goal",
          send: { method: "PUT", ...jsonBody(body) },
        }),
      ),
  },
  { route: "DELETE /api/practice/:id", as: "owner", path: "/api/practice/{id}", params: { id: IDS.practice }, ok: 200 },
  { route: "GET /api/events/:id", as: "member", path: "/api/events/{id}", params: { id: IDS.event }, ok: 200 },
  {
    route: "PUT /api/events/:id",
    as: "admin",
    path: "/api/events/{id}",
    params: { id: IDS.event },
    input: { title: "New", capacity: 10 },
    fields: { title: text(EVENT_LIMITS.titleMax, false), paid_only: bool },
    ok: 200,
    extra: () => [
      {
        name: "nothing to change",
        expect: 400,
        path: `/api/events/${IDS.event}`,
        send: { method: "PUT", ...jsonBody({}) },
      },
      {
        name: "ends before it starts",
        expect: 400,
        path: `/api/events/${IDS.event}`,
        send: { method: "PUT", ...jsonBody({ start_local: "2030-01-01T20:00", end_local: "2030-01-01T19:00" }) },
      },
    ],
  },
  { route: "DELETE /api/events/:id", as: "admin", path: "/api/events/{id}", params: { id: IDS.event }, ok: 200 },
  {
    route: "DELETE /api/events/:id/occurrences/:startsAt",
    as: "admin",
    path: "/api/events/{id}/occurrences/{startsAt}",
    // The seeded event happens once: a well-formed date reaches the date check (404).
    params: { id: IDS.event, startsAt: "2030-01-01T00:00:00.000Z" },
    ok: 404,
  },
  {
    route: "POST /api/events/:id/rsvp",
    as: "paid",
    path: "/api/events/{id}/rsvp",
    params: { id: IDS.event },
    input: { status: "going" },
    fields: { status: oneOf(RSVP_ANSWERS) },
    ok: 200,
  },
  {
    route: "GET /api/events/:id/attendees",
    as: "admin",
    path: "/api/events/{id}/attendees",
    params: { id: IDS.event },
    target: "query",
    input: { format: "csv" },
    fields: { format: oneOf(["json", "csv"], false) },
    ok: 200,
  },
  {
    route: "PUT /api/events/:id/cover",
    as: "admin",
    path: "/api/events/{id}/cover",
    params: { id: IDS.event },
    target: "form",
    ok: 200,
    extra: () => {
      const path = `/api/events/${IDS.event}/cover`;
      const put = (fields: Record<string, string | File>): CallOptions => ({ ...multipart(fields), method: "PUT" });
      return [
        { name: "valid image", expect: 200, path, send: put({ file: png() }) },
        { name: "no file", expect: 400, path, send: put({}) },
        { name: "file as text", expect: 400, path, send: put({ file: "abc" }) },
        { name: "empty file", expect: 400, path, send: put({ file: png("a.png", "image/png", new Uint8Array()) }) },
        { name: "unknown field", expect: 400, path, send: put({ file: png(), title: "x" }) },
        { name: "a text file", expect: 400, path, send: put({ file: png("a.txt", "text/plain") }) },
        {
          name: "not an image's bytes",
          expect: 400,
          path,
          send: put({ file: png("a.png", "image/png", new TextEncoder().encode("<svg></svg>")) }),
        },
        {
          name: "too large",
          expect: 413,
          path,
          send: put({ file: png("a.png", "image/png", bigPng(LIMITS.eventCoverMaxBytes + 1)) }),
        },
      ];
    },
  },
  {
    route: "POST /api/events/:id/cover/generate",
    as: "admin",
    path: "/api/events/{id}/cover/generate",
    params: { id: IDS.event },
    input: { prompt: "Moon", style: "vivid", quality: "standard", size: "1024x1024", model: "openai" },
    fields: {
      prompt: text(LIMITS.aiPromptMax),
      style: oneOf(IMAGE_STYLES),
      quality: oneOf(IMAGE_QUALITIES),
      size: oneOf(IMAGE_SIZES),
      model: oneOf(IMAGE_MODELS),
    },
    env: fakeAiTestEnv,
    ok: 200,
  },
  {
    route: "DELETE /api/events/:id/cover",
    as: "admin",
    path: "/api/events/{id}/cover",
    params: { id: IDS.event },
    ok: 200,
  },
  {
    route: "GET /api/events/:id/cover",
    as: "paid",
    path: "/api/events/{id}/cover",
    params: { id: IDS.event },
    ok: 404,
  },
  { route: "GET /api/events/:id/ics", as: "paid", path: "/api/events/{id}/ics", params: { id: IDS.event }, ok: 200 },
  {
    route: "GET /api/calendar/:file",
    as: "anon",
    path: "/api/calendar/{file}",
    params: { file: `${CALENDAR_TOKEN}.ics` },
    ok: 200,
    extra: () =>
      [`${CALENDAR_TOKEN}.ical`, `${CALENDAR_TOKEN}x.ics`, `${CALENDAR_TOKEN.slice(1)}%00.ics`].map(
        (file): Case => ({ name: `file ${file}`, expect: 400, path: `/api/calendar/${file}`, send: {} }),
      ),
  },
];

/** Routes that take no body, query or path parameter (a body sent to a write is still checked: see below). */
const NO_INPUT = [
  "GET /api/health",
  "GET /api/oauth/google/redirect_url",
  "GET /api/logout",
  "GET /api/users/me",
  "GET /api/membership/status",
  "POST /api/membership/autorenew",
  "DELETE /api/membership/autorenew",
  "DELETE /api/membership/pause",
  "GET /api/payments/mode",
  "GET /api/plans",
  "GET /api/admin/plans",
  "GET /api/admin/coupons",
  "GET /api/membership/payments",
  "POST /api/ai/validate-keys",
  "GET /api/ai/capabilities",
  "GET /api/profile",
  "GET /api/sessions",
  "DELETE /api/sessions/others",
  "GET /api/admin/members",
  "GET /api/admin/payments",
  "GET /api/admin/stats",
  "GET /api/admin/health",
  "DELETE /api/admin/payments/clear-all",
  "GET /api/resources/tags",
  "GET /api/admin/reports",
  "GET /api/profile/export",
  "GET /api/cosmic-notices",
  "GET /api/groups",
  "GET /api/unread",
  "GET /api/blocks",
  "GET /api/live/socket",
  "GET /api/notifications",
  "GET /api/dev/webpay/autosubmit.js",
  "GET /api/profile/calendar",
  "POST /api/profile/calendar",
  "DELETE /api/profile/calendar",
  "GET /api/notifications/preferences",
  "GET /api/push/vapid-public-key",
  "GET /api/push/subscriptions",
  "GET /api/dev/mail",
  "GET /api/dev/outbox",
];
/**
 * The local Webpay emulator (WEBPAY_ENV=emulator only) stands in for Transbank: it answers Transbank's
 * `{ error_message }` shape, and exists only locally.
 */
const WP = "/api/dev/webpay/rswebpaytransaction/api/webpay/v1.2/transactions";
const OC = "/api/dev/webpay/rswebpaytransaction/api/oneclick/v1.2";
// Its card page (GET/POST /api/dev/webpay/pay) is a browser page: it answers HTML, a 400 JSON for a malformed token_ws.
const NOT_OURS = [
  `POST ${WP}`,
  `PUT ${WP}/:token`,
  `GET ${WP}/:token`,
  `POST ${WP}/:token/refunds`,
  "GET /api/dev/webpay/pay",
  "POST /api/dev/webpay/pay",
  // Oneclick Mall at the same base URL, and its card page.
  `POST ${OC}/inscriptions`,
  `PUT ${OC}/inscriptions/:token`,
  `DELETE ${OC}/inscriptions`,
  `POST ${OC}/transactions`,
  `GET ${OC}/transactions/:buyOrder`,
  `POST ${OC}/transactions/:buyOrder/refunds`,
  "GET /api/dev/webpay/oneclick/inscription",
  "POST /api/dev/webpay/oneclick/inscription",
  // The email unsubscribe link answers HTML pages (a bad token is a 400 page; test/worker/notify-email.test.ts).
  "GET /api/email/unsubscribe",
  "POST /api/email/unsubscribe",
];

let cases = 0;

// The AI routes reach the fake providers (never the network); nothing else here fetches.
beforeAll(() => {
  vi.stubGlobal("fetch", createFakeAiProviders().fetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe("bad input", () => {
  it("covers every route the app serves", () => {
    const covered = new Set([...SPECS.map((s) => s.route), ...NO_INPUT, ...NOT_OURS]);
    expect(appRoutes(app).filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !appRoutes(app).includes(r))).toEqual([]);
  });

  for (const spec of SPECS) {
    describe(spec.route, () => {
      for (const c of casesOf(spec)) {
        it(`${c.name} -> ${c.expect === "bad" ? "4xx" : c.expect}`, async () => {
          const world = await seedWorld();
          const before = await snapshot({ exclude: ["rate_limits"] });
          const res = await call(c.path ?? spec.path, { ...c.send, cookie: world.cookie[spec.as], env: spec.env });
          cases++;
          const text = await res.text();
          const detail = `${spec.route} ${c.name}: ${res.status} ${text.slice(0, 200)}`;
          if (c.expect === "bad") {
            expect(res.status, detail).toBeGreaterThanOrEqual(400);
            expect(res.status, detail).toBeLessThan(500);
          } else expect(res.status, detail).toBe(c.expect);
          if (res.status >= 400) {
            expect(res.status, detail).toBeLessThan(500);
            expect(res.headers.get("content-type"), detail).toMatch(/^application\/json/);
            expect(typeof (JSON.parse(text) as { error?: unknown }).error, detail).toBe("string");
            expect(await snapshot({ exclude: ["rate_limits"] }), detail).toEqual(before);
          }
        });
      }
    });
  }

  describe("writes that take no input", () => {
    for (const route of NO_INPUT.filter((r) => !r.startsWith("GET"))) {
      const [method, path] = route.split(" ");
      it(`${route}: a non-JSON body -> 415`, async () => {
        const world = await seedWorld();
        const before = await snapshot({ exclude: ["rate_limits"] });
        const res = await call(path, {
          method,
          cookie: world.cookie.admin,
          body: "x=1",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
        cases++;
        expect(res.status).toBe(415);
        expect(typeof (await res.json<{ error: string }>()).error).toBe("string");
        expect(await snapshot({ exclude: ["rate_limits"] })).toEqual(before);
      });
    }
  });

  afterAll(() => {
    console.log(`bad input: ${cases} cases over ${SPECS.length} routes with input (+ ${NO_INPUT.length} without)`);
  });
});
