// Web Push: RFC 8291's worked example byte for byte, the subscription routes, and delivery
// through a fake push service at the HTTP boundary that decrypts what it receives with the device's
// private key and verifies the VAPID signature, 404/410 cleanup, retries, and no push while connected.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { planDeliveries } from "../../worker/features/notifications/deliver";
import { encryptPushPayload } from "../../worker/features/notifications/push/encrypt";
import { notifyMentions } from "../../worker/features/notifications/queries/write";
import { queue, retryDelaySeconds } from "../../worker/features/notifications/queue";
import { base64url, fromBase64url } from "../../worker/platform/crypto";
import type { DeliveryJob, PushPayload } from "../../worker/shared/delivery-jobs";
import { NOTIFICATION_LIMITS } from "../../worker/shared/notification-rules";
import { call, db, json, recordingQueue, signIn, testEnv, until } from "./helpers";

const b = fromBase64url;
const encoder = new TextEncoder();

// RFC 8291 Appendix A, verbatim.
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYW" +
    "AmS6TlzAC8wEqKK6PBru3jl7A" +
    "_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

/** A P-256 private key from its scalar and public point (base64url), for ECDH. */
const ecdhPrivateKey = (d: string, publicPoint: string) => {
  const point = b(publicPoint);
  return crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", d, x: base64url(point.slice(1, 33)), y: base64url(point.slice(33, 65)) },
    { name: "ECDH", namedCurve: "P-256" },
    false,
    ["deriveBits"],
  );
};

const hkdf = async (salt: BufferSource, ikm: BufferSource, info: string | Uint8Array<ArrayBuffer>, bytes: number) =>
  new Uint8Array(
    await crypto.subtle.deriveBits(
      {
        name: "HKDF",
        hash: "SHA-256",
        salt,
        info: typeof info === "string" ? new Uint8Array(encoder.encode(info)) : info,
      },
      await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]),
      bytes * 8,
    ),
  );

/** The browser's half of RFC 8291, written independently here: what a device does with a push it receives. */
async function decryptAsDevice(
  body: Uint8Array,
  device: { privateKey: CryptoKey; publicRaw: Uint8Array; auth: Uint8Array<ArrayBuffer> },
) {
  const salt = body.slice(0, 16);
  const idlen = body[20];
  const senderRaw = body.slice(21, 21 + idlen);
  const sender = await crypto.subtle.importKey("raw", senderRaw, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdh = await crypto.subtle.deriveBits(
    { name: "ECDH", public: sender } as unknown as SubtleCryptoDeriveKeyAlgorithm,
    device.privateKey,
    256,
  );
  const info = new Uint8Array([...encoder.encode("WebPush: info\0"), ...device.publicRaw, ...senderRaw]);
  const ikm = await hkdf(device.auth, ecdh, info, 32);
  const cek = await hkdf(salt, ikm, "Content-Encoding: aes128gcm\0", 16);
  const nonce = await hkdf(salt, ikm, "Content-Encoding: nonce\0", 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const plain = new Uint8Array(
    await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, body.slice(21 + idlen)),
  );
  expect(plain.at(-1)).toBe(2); // the last record's delimiter
  return new TextDecoder().decode(plain.slice(0, -1));
}

describe("RFC 8291 Appendix A", () => {
  it("encrypts the worked example to the RFC's exact bytes", async () => {
    const sender = {
      privateKey: await ecdhPrivateKey(RFC.asPrivate, RFC.asPublic),
      publicKey: await crypto.subtle.importKey("raw", b(RFC.asPublic), { name: "ECDH", namedCurve: "P-256" }, true, []),
    };
    const body = await encryptPushPayload(
      encoder.encode(RFC.plaintext),
      { p256dh: RFC.uaPublic, auth: RFC.auth },
      sender,
      b(RFC.salt),
    );
    expect(base64url(body)).toBe(RFC.body);
    // And the RFC's own ciphertext decrypts with the user agent's private key.
    const device = {
      privateKey: await ecdhPrivateKey(RFC.uaPrivate, RFC.uaPublic),
      publicRaw: b(RFC.uaPublic),
      auth: b(RFC.auth),
    };
    expect(await decryptAsDevice(b(RFC.body), device)).toBe(RFC.plaintext);
  });

  it("uses a fresh key and salt for every message", async () => {
    const keys = { p256dh: RFC.uaPublic, auth: RFC.auth };
    const one = await encryptPushPayload(encoder.encode("x"), keys);
    const two = await encryptPushPayload(encoder.encode("x"), keys);
    expect(base64url(one.slice(0, 86))).not.toBe(base64url(two.slice(0, 86)));
  });
});

/** A browser: an ECDH key pair and an auth secret, as PushManager.subscribe() makes them. */
async function newDevice(endpoint: string) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    endpoint,
    privateKey: pair.privateKey,
    publicRaw,
    auth,
    subscription: { endpoint, keys: { p256dh: base64url(publicRaw), auth: base64url(auth) } },
  };
}
type Device = Awaited<ReturnType<typeof newDevice>>;

const subscribe = (cookie: string, body: unknown) =>
  call("/api/push/subscriptions", { method: "POST", json: body, cookie });

describe("push subscriptions", () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await signIn("pusher@example.com", "Pusher");
  });

  it("answers the VAPID public key to members only", async () => {
    expect((await call("/api/push/vapid-public-key")).status).toBe(401);
    const res = await call("/api/push/vapid-public-key", { cookie });
    expect(await json(res)).toEqual({ key: testEnv.VAPID_PUBLIC_KEY });
    const off = await call("/api/push/vapid-public-key", { cookie, env: { VAPID_PRIVATE_KEY: undefined } });
    expect(off.status).toBe(503);
    expect((await json(off)).code).toBe("push_not_configured");
  });

  it("stores an endpoint once, lists it, and deletes only the member's own", async () => {
    const device = await newDevice("https://fcm.googleapis.com/fcm/send/abc");
    expect((await subscribe(cookie, device.subscription)).status).toBe(201);
    expect((await subscribe(cookie, device.subscription)).status).toBe(201);
    const list = await json(await call("/api/push/subscriptions", { cookie }));
    expect(list.devices.map((d: { endpoint: string }) => d.endpoint)).toEqual([device.endpoint]);

    const other = await signIn("other@example.com", "Other");
    const del = (who: string) =>
      call("/api/push/subscriptions", { method: "DELETE", json: { endpoint: device.endpoint }, cookie: who });
    expect((await del(other)).status).toBe(404);
    expect((await del(cookie)).status).toBe(200);
    expect((await json(await call("/api/push/subscriptions", { cookie }))).devices).toEqual([]);
    expect((await del(cookie)).status).toBe(404);
  });

  it("accepts the endpoints of the browsers' push services", async () => {
    const device = await newDevice("https://fcm.googleapis.com/fcm/send/abc");
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/chrome-token", // Chrome, Samsung Internet, Opera
      "https://updates.push.services.mozilla.com/wpush/v2/firefox-token", // Firefox
      "https://autopush.push.services.mozilla.com/wpush/v2/firefox-token", // another autopush host
      "https://web.push.apple.com/safari-token", // Safari
      "https://wns2-par02p.notify.windows.com/w/?token=edge-token", // Edge
    ]) {
      const res = await subscribe(cookie, { ...device.subscription, endpoint });
      expect(res.status, endpoint).toBe(201);
      expect(await json(res), endpoint).toEqual({ endpoint });
    }
  });

  it("refuses endpoints outside the browsers' push services, bad keys, and strangers", async () => {
    const device = await newDevice("https://fcm.googleapis.com/fcm/send/abc");
    for (const endpoint of [
      "https://push.example.net/send", // a third party
      "https://fcm.googleapis.com.evil.example/fcm/send/abc", // look-alikes
      "https://evilpush.apple.com/abc",
      "https://web.push.apple.com.evil.example/abc",
      "https://notify.windows.com.evil.example/w/?token=x",
      "https://localtest.me/send", // names that resolve to loopback or to any address
      "https://fcm.googleapis.com.localtest.me/fcm/send/abc",
      "https://fcm.googleapis.com.127.0.0.1.nip.io/fcm/send/abc",
      "https://web.push.apple.com.10.0.0.1.sslip.io/abc",
      "https://127.0.0.1/send", // IP literals
      "https://142.250.0.1/fcm/send/abc",
      "https://[::1]/send",
      "https://localhost/send",
      "http://fcm.googleapis.com/fcm/send/abc", // not https
      "https://user:pw@fcm.googleapis.com/fcm/send/abc", // credentials
      "https://fcm.googleapis.com:8443/fcm/send/abc", // a port other than 443
      "javascript:alert(1)",
    ]) {
      const res = await subscribe(cookie, { ...device.subscription, endpoint });
      expect(res.status, endpoint).toBe(400);
      expect((await json(res)).code, endpoint).toBe("push_endpoint_invalid");
    }
    for (const keys of [
      { p256dh: "AAAA", auth: device.subscription.keys.auth },
      { p256dh: device.subscription.keys.p256dh, auth: "c2hvcnQ" },
      { p256dh: "not base64!", auth: device.subscription.keys.auth },
    ]) {
      const res = await subscribe(cookie, { ...device.subscription, keys });
      expect(res.status).toBe(400);
      expect((await json(res)).code).toBe("push_keys_invalid");
    }
    expect((await subscribe(cookie, { ...device.subscription, extra: 1 })).status).toBe(400);
    expect((await call("/api/push/subscriptions", { method: "POST", json: device.subscription })).status).toBe(401);
  });

  it("refuses a compressed device key, which no push could ever be decrypted with", async () => {
    const device = await newDevice("https://fcm.googleapis.com/fcm/send/abc");
    // The same point in SEC 1 compressed form: 0x02 or 0x03 (the parity of y), then x.
    const compressed = new Uint8Array([2 + (device.publicRaw[64] & 1), ...device.publicRaw.slice(1, 33)]);
    const res = await subscribe(cookie, {
      ...device.subscription,
      keys: { ...device.subscription.keys, p256dh: base64url(compressed) },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe("push_keys_invalid");
  });

  it("stores one row per normalised endpoint (host case, port 443, trailing dot) and deletes by any spelling", async () => {
    const device = await newDevice("https://fcm.googleapis.com/fcm/send/same");
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/same",
      "https://FCM.GoogleAPIs.com/fcm/send/same",
      "https://fcm.googleapis.com:443/fcm/send/same",
      "https://fcm.googleapis.com./fcm/send/same",
    ]) {
      const res = await subscribe(cookie, { ...device.subscription, endpoint });
      expect(res.status, endpoint).toBe(201);
      expect(await json(res), endpoint).toEqual({ endpoint: device.endpoint });
    }
    const list = await json(await call("/api/push/subscriptions", { cookie }));
    expect(list.devices.map((d: { endpoint: string }) => d.endpoint)).toEqual([device.endpoint]);
    const del = await call("/api/push/subscriptions", {
      method: "DELETE",
      json: { endpoint: "https://FCM.googleapis.com.:443/fcm/send/same" },
      cookie,
    });
    expect(del.status).toBe(200);
    expect((await json(await call("/api/push/subscriptions", { cookie }))).devices).toEqual([]);
  });

  it(`keeps at most ${NOTIFICATION_LIMITS.pushDevicesMax} devices per member, forgetting the oldest`, async () => {
    const device = await newDevice("https://fcm.googleapis.com/fcm/send/abc");
    const endpoints = Array.from(
      { length: NOTIFICATION_LIMITS.pushDevicesMax + 1 },
      (_, i) => `https://fcm.googleapis.com/fcm/send/device-${i}`,
    );
    for (const endpoint of endpoints) {
      expect((await subscribe(cookie, { ...device.subscription, endpoint })).status).toBe(201);
    }
    const list = await json(await call("/api/push/subscriptions", { cookie }));
    expect(list.devices.map((d: { endpoint: string }) => d.endpoint)).toEqual(endpoints.slice(1).reverse());
    // Subscribing a kept endpoint again makes it the newest: the next one evicts the one after it.
    expect((await subscribe(cookie, { ...device.subscription, endpoint: endpoints[1] })).status).toBe(201);
    const next = "https://fcm.googleapis.com/fcm/send/device-next";
    expect((await subscribe(cookie, { ...device.subscription, endpoint: next })).status).toBe(201);
    const after = await json(await call("/api/push/subscriptions", { cookie }));
    expect(after.devices.map((d: { endpoint: string }) => d.endpoint)).toEqual([
      next,
      endpoints[1],
      ...endpoints.slice(3).reverse(),
    ]);
  });
});

describe("push subscriptions stored before the push services' rule (migration 0028)", () => {
  it("deletes endpoints outside the push services or not in normal form, and keeps each member's newest ten", async () => {
    const migration = (
      env as unknown as { TEST_MIGRATIONS: { name: string; queries: string[] }[] }
    ).TEST_MIGRATIONS.find((m) => m.name === "0028_push_endpoints.sql");
    expect(migration).toBeDefined();
    const many = await signIn("many@example.com", "Many");
    const few = await signIn("few@example.com", "Few");
    const idOf = async (cookie: string) => (await json(await call("/api/users/me", { cookie }))).id as number;
    const [manyId, fewId] = [await idOf(many), await idOf(few)];
    const kept = [
      "https://fcm.googleapis.com/fcm/send/kept",
      "https://updates.push.services.mozilla.com/wpush/v2/kept",
      "https://web.push.apple.com/kept",
      "https://wns2-par02p.notify.windows.com/w/?token=kept",
    ];
    const dropped = [
      "https://push.example.net/send/old",
      "https://fcm.googleapis.com.evil.example/fcm/send/old",
      "https://evilpush.apple.com/old",
      "https://FCM.googleapis.com/fcm/send/old",
      "https://fcm.googleapis.com:443/fcm/send/old",
      "https://fcm.googleapis.com./fcm/send/old",
      "https://user:pw@web.push.apple.com/old",
      "https://fcm.googleapis.com/fcm/send/old#fragment",
      "http://fcm.googleapis.com/fcm/send/old",
    ];
    const manyOwn = Array.from({ length: 12 }, (_, i) => `https://fcm.googleapis.com/fcm/send/many-${i}`);
    const insert = (userId: number, endpoint: string) =>
      db().run(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        values (${userId}, ${endpoint}, ${RFC.uaPublic}, ${RFC.auth})`);
    for (const endpoint of [...kept, ...dropped]) await insert(fewId, endpoint);
    for (const endpoint of manyOwn) await insert(manyId, endpoint);
    for (const query of migration?.queries ?? []) await db().run(sql.raw(query));
    const endpointsOf = async (userId: number) =>
      (
        await db().all<{ endpoint: string }>(
          sql`select endpoint from push_subscriptions where user_id = ${userId} order by id`,
        )
      ).map((r) => r.endpoint);
    expect(await endpointsOf(fewId)).toEqual(kept);
    expect(await endpointsOf(manyId)).toEqual(manyOwn.slice(2));
  });
});

/** The fake push service: decrypts each request with the device's key and checks its VAPID token. */
function fakePushService(devices: Device[], status: () => number) {
  const received: { endpoint: string; payload: PushPayload; headers: Headers }[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const device = devices.find((d) => d.endpoint === request.url);
    if (!device) return realFetch(input, init);
    const headers = request.headers;
    const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(headers.get("authorization") ?? "") ?? [];
    expect(k).toBe(testEnv.VAPID_PUBLIC_KEY);
    const [h, c, s] = token.split(".");
    const vapidKey = await crypto.subtle.importKey("raw", b(k), { name: "ECDSA", namedCurve: "P-256" }, false, [
      "verify",
    ]);
    expect(
      await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, vapidKey, b(s), encoder.encode(`${h}.${c}`)),
    ).toBe(true);
    const claims = JSON.parse(new TextDecoder().decode(b(c)));
    expect(claims.aud).toBe(new URL(device.endpoint).origin);
    expect(claims.sub).toBe(testEnv.VAPID_SUBJECT);
    expect(headers.get("content-encoding")).toBe("aes128gcm");
    const body = new Uint8Array(await request.arrayBuffer());
    const payload = JSON.parse(await decryptAsDevice(body, device)) as PushPayload;
    received.push({ endpoint: device.endpoint, payload, headers });
    return new Response(null, { status: status() });
  });
  return received;
}

/** Runs jobs through the queue's consumer and answers what it did with each. */
async function consume(jobs: DeliveryJob[], queueName = "cosmic-lounge-delivery", env = testEnv) {
  const batch = createMessageBatch<DeliveryJob>(
    queueName,
    jobs.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  // The test pool's result names retried messages, not their delays: record those from retry() itself.
  const delays: Record<string, number | undefined> = {};
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options) => {
      delays[message.id] = options?.delaySeconds;
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await queue(batch, env);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

describe("push delivery", () => {
  let writer: { cookie: string; id: number };
  let reader: { cookie: string; id: number };
  let device: Device;
  let laptop: Device;

  beforeEach(async () => {
    const w = await signIn("writer@example.com", "Writer");
    const r = await signIn("reader@example.com", "Reader");
    const me = async (cookie: string) => (await json(await call("/api/users/me", { cookie }))).id as number;
    writer = { cookie: w, id: await me(w) };
    reader = { cookie: r, id: await me(r) };
    device = await newDevice("https://fcm.googleapis.com/fcm/send/phone");
    laptop = await newDevice("https://updates.push.services.mozilla.com/wpush/v2/laptop");
    expect((await subscribe(reader.cookie, device.subscription)).status).toBe(201);
    expect((await subscribe(reader.cookie, laptop.subscription)).status).toBe(201);
  });
  afterEach(() => vi.restoreAllMocks());

  const mention = () =>
    notifyMentions(db(), { text: `hi @[Reader](${reader.id})`, actorId: writer.id, postId: undefined });

  it("encrypts a mention for each of the member's devices, which decrypt it", async () => {
    const received = fakePushService([device, laptop], () => 201);
    const jobs = await planDeliveries(
      testEnv,
      db(),
      (await mention()).map((n) => n.id),
    );
    expect(jobs.map((j) => j.type)).toEqual(["push", "push"]);
    const result = await consume(jobs);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1"]);
    expect(received.map((r) => r.endpoint).sort()).toEqual([laptop.endpoint, device.endpoint].sort());
    for (const r of received) {
      expect(r.payload.body).toBe("Writer mentioned you in a post");
      expect(r.payload.url).toBe("/app/lounge");
    }
  });

  it("speaks the member's language", async () => {
    await call("/api/profile", { method: "PUT", json: { language: "es" }, cookie: reader.cookie });
    const received = fakePushService([device, laptop], () => 201);
    await consume(
      await planDeliveries(
        testEnv,
        db(),
        (await mention()).map((n) => n.id),
      ),
    );
    expect(received[0].payload.body).toBe("Writer te mencionó en una publicación");
  });

  it("forgets a subscription the push service answers 404 or 410 for", async () => {
    for (const status of [404, 410]) {
      const phone = await newDevice(`https://fcm.googleapis.com/fcm/send/gone-${status}`);
      await subscribe(reader.cookie, phone.subscription);
      fakePushService([phone], () => status);
      const payload: PushPayload = { title: "t", body: "b", url: "/app/lounge", tag: "n1" };
      const result = await consume([{ type: "push", endpoint: phone.endpoint, payload }]);
      expect(result.explicitAcks).toEqual(["m0"]);
      const list = await json(await call("/api/push/subscriptions", { cookie: reader.cookie }));
      expect(list.devices.map((d: { endpoint: string }) => d.endpoint)).not.toContain(phone.endpoint);
      vi.restoreAllMocks();
    }
  });

  it("never calls a stored endpoint outside the push services, and forgets it", async () => {
    const stranger = "https://push.example.net/send/stored-before";
    await db().run(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      values (${reader.id}, ${stranger}, ${device.subscription.keys.p256dh}, ${device.subscription.keys.auth})`);
    const fetched = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 201 }));
    const payload: PushPayload = { title: "t", body: "b", url: "/app/lounge", tag: "n1" };
    const result = await consume([{ type: "push", endpoint: stranger, payload }]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(fetched).not.toHaveBeenCalled();
    const rows = await db().all(sql`select id from push_subscriptions where endpoint = ${stranger}`);
    expect(rows).toEqual([]);
  });

  it("retries with backoff when the push service fails or is busy", async () => {
    for (const status of [500, 503, 429]) {
      fakePushService([device], () => status);
      const payload: PushPayload = { title: "t", body: "b", url: "/app/lounge", tag: "n1" };
      const result = await consume([{ type: "push", endpoint: device.endpoint, payload }]);
      expect(result.retryMessages).toEqual([{ msgId: "m0" }]);
      expect(result.delays).toEqual({ m0: 30 });
      expect(result.explicitAcks).toEqual([]);
      vi.restoreAllMocks();
    }
  });

  it("sends no push to a member connected live, and pushes once they leave", async () => {
    const res = await call("/api/live/socket", { cookie: reader.cookie, headers: { upgrade: "websocket" } });
    const ws = res.webSocket!;
    ws.accept();
    const frames: { type: string }[] = [];
    ws.addEventListener("message", (e) => frames.push(JSON.parse(e.data as string)));
    await until(() => frames.some((f) => f.type === "ready"));
    const ids = (await mention()).map((n) => n.id);
    expect(await planDeliveries(testEnv, db(), ids)).toEqual([]);
    ws.close();
    const { liveRoom } = await import("../../worker/platform/live");
    for (let i = 0; i < 100 && (await liveRoom(testEnv).connectedUsers([reader.id])).length; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((await planDeliveries(testEnv, db(), ids)).map((j) => j.type)).toEqual(["push", "push"]);
  });

  it("emails a mention only while the member is away; a membership reminder goes either way", async () => {
    await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: reader.cookie,
      json: { preferences: { mention: { in_app: true, push: false, email: true } }, digest: "off" },
    });
    const res = await call("/api/live/socket", { cookie: reader.cookie, headers: { upgrade: "websocket" } });
    const ws = res.webSocket!;
    ws.accept();
    const frames: { type: string }[] = [];
    ws.addEventListener("message", (e) => frames.push(JSON.parse(e.data as string)));
    await until(() => frames.some((f) => f.type === "ready"));
    const ids = (await mention()).map((n) => n.id);
    expect(await planDeliveries(testEnv, db(), ids)).toEqual([]);
    const [reminder] = await db().all<{ id: number }>(
      sql`insert into notifications (user_id, kind, detail) values (${reader.id}, 'membership_ending', '1800000000000')
        returning id`,
    );
    expect((await planDeliveries(testEnv, db(), [reminder.id])).map((j) => j.type)).toEqual(["email"]);
    ws.close();
    const { liveRoom } = await import("../../worker/platform/live");
    for (let i = 0; i < 100 && (await liveRoom(testEnv).connectedUsers([reader.id])).length; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((await planDeliveries(testEnv, db(), ids)).map((j) => j.type)).toEqual(["email"]);
  });

  it("sends nothing by push when the member turned it off", async () => {
    const put = await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: reader.cookie,
      json: { preferences: { mention: { in_app: true, push: false, email: false } }, digest: "off" },
    });
    expect(put.status).toBe(200);
    expect(
      await planDeliveries(
        testEnv,
        db(),
        (await mention()).map((n) => n.id),
      ),
    ).toEqual([]);
  });
});

describe("the delivery queue", () => {
  it("a write that notifies queues one small job and answers without waiting for delivery", async () => {
    const writer = await signIn("writer@example.com", "Writer");
    const readerCookie = await signIn("reader@example.com", "Reader");
    const readerId = (await json(await call("/api/users/me", { cookie: readerCookie }))).id;
    const { sent, binding } = recordingQueue();
    const res = await call("/api/posts", {
      method: "POST",
      cookie: writer,
      json: { content: `hello @[Reader](${readerId})` },
      env: { DELIVERY_QUEUE: binding },
    });
    expect(res.status).toBe(201);
    expect(sent).toHaveLength(1);
    expect(sent[0].type).toBe("notified");
    expect(sent[0].type === "notified" && sent[0].ids).toHaveLength(1);
  });

  it("turns a notified job into one job per device and email", async () => {
    const writer = await signIn("writer@example.com", "Writer");
    const readerCookie = await signIn("reader@example.com", "Reader");
    const readerId = (await json(await call("/api/users/me", { cookie: readerCookie }))).id;
    const writerId = (await json(await call("/api/users/me", { cookie: writer }))).id;
    const device = await newDevice("https://fcm.googleapis.com/fcm/send/one");
    await subscribe(readerCookie, device.subscription);
    await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: readerCookie,
      json: { preferences: { mention: { in_app: true, push: true, email: true } }, digest: "off" },
    });
    const ids = (await notifyMentions(db(), { text: `@[Reader](${readerId})`, actorId: writerId })).map((n) => n.id);
    const { sent, binding } = recordingQueue();
    const result = await consume([{ type: "notified", ids }], undefined, { ...testEnv, DELIVERY_QUEUE: binding });
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(sent.map((j) => j.type)).toEqual(["push", "email"]);
  });

  it("backs off 30 s, doubling per attempt, within an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 960, 3600]);
  });

  it("keeps what the dead-letter queue receives and counts it in the admin Health tab", async () => {
    const payload: PushPayload = { title: "t", body: "b", url: "/app/lounge", tag: "n1" };
    const result = await consume(
      [{ type: "push", endpoint: "https://fcm.googleapis.com/fcm/send/x", payload }],
      "cosmic-lounge-delivery-dead",
    );
    expect(result.explicitAcks).toEqual(["m0"]);
    const admin = await signIn("admin@example.com", "Admin");
    const report = await json(await call("/api/admin/health", { cookie: admin }));
    const delivery = report.checks.find((c: { name: string }) => c.name === "delivery");
    expect(delivery.detail).toBe("1 dead-lettered; push on");
  });
});
