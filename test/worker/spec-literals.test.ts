// The product's fixed numbers, written out once here as literals: the rest of the suite reads limits
// from worker/shared/rules.ts, so a drift in that module would be followed by every other test. This
// file is the one place that fails when the rules module (or the API built on it) leaves these values.
import { describe, expect, it } from "vitest";
import { payments } from "../../worker/db/schema";
import { PERIOD_MS } from "../../worker/features/payments/queries/payments";
import { LIMITS, MEMBERSHIP } from "../../worker/shared/rules";
import { call, db, json, signIn } from "./helpers";

const SPEC = {
  postMax: 500,
  commentMax: 300,
  channelNameMax: 50,
  channelDescriptionMax: 200,
  priceClp: 15000,
  periodDays: 30,
} as const;

describe("the rules module holds the product's literals", () => {
  it("text limits", () => {
    expect(LIMITS.postMax).toBe(SPEC.postMax);
    expect(LIMITS.commentMax).toBe(SPEC.commentMax);
    expect(LIMITS.channelNameMax).toBe(SPEC.channelNameMax);
    expect(LIMITS.channelDescriptionMax).toBe(SPEC.channelDescriptionMax);
  });

  it("price and period", () => {
    expect(MEMBERSHIP.priceClp).toBe(SPEC.priceClp);
    expect(MEMBERSHIP.priceLabel).toBe("$15,000 CLP");
    expect(MEMBERSHIP.periodDays).toBe(SPEC.periodDays);
    expect(PERIOD_MS).toBe(SPEC.periodDays * 24 * 60 * 60 * 1000);
  });
});

describe("the API enforces the literals, not just whatever the rules module says", () => {
  const x = (n: number) => "x".repeat(n);

  it(`posts: ${SPEC.postMax} characters accepted, one more refused`, async () => {
    const cookie = await signIn("posts-literal@example.com");
    expect((await call("/api/posts", { method: "POST", json: { content: x(SPEC.postMax) }, cookie })).status).toBe(201);
    const over = await call("/api/posts", { method: "POST", json: { content: x(SPEC.postMax + 1) }, cookie });
    expect(over.status).toBe(400);
    expect((await json(over)).error).toContain("Post must be at most 500 characters");
  });

  it(`comments: ${SPEC.commentMax} characters accepted, one more refused`, async () => {
    const cookie = await signIn("comments-literal@example.com");
    const post = await json(await call("/api/posts", { method: "POST", json: { content: "hello" }, cookie }));
    const path = `/api/posts/${post.id}/comments`;
    expect((await call(path, { method: "POST", json: { content: x(SPEC.commentMax) }, cookie })).status).toBe(201);
    const over = await call(path, { method: "POST", json: { content: x(SPEC.commentMax + 1) }, cookie });
    expect(over.status).toBe(400);
    expect((await json(over)).error).toContain("Comment must be at most 300 characters");
  });

  it(`channels: a ${SPEC.channelNameMax}-character name and ${SPEC.channelDescriptionMax}-character description \
accepted, one more refused`, async () => {
    const cookie = await signIn("channels-literal@example.com");
    const ok = await call("/api/groups", {
      method: "POST",
      json: { name: x(SPEC.channelNameMax), description: x(SPEC.channelDescriptionMax) },
      cookie,
    });
    expect(ok.status).toBe(201);
    expect(
      (await call("/api/groups", { method: "POST", json: { name: x(SPEC.channelNameMax + 1) }, cookie })).status,
    ).toBe(400);
    expect(
      (
        await call("/api/groups", {
          method: "POST",
          json: { name: "ok", description: x(SPEC.channelDescriptionMax + 1) },
          cookie,
        })
      ).status,
    ).toBe(400);
  });

  it(`payments: ${SPEC.priceClp} CLP is the only amount a payment starts with`, async () => {
    const cookie = await signIn("price-literal@example.com");
    for (const amount of [SPEC.priceClp - 1, SPEC.priceClp + 1, 1500]) {
      expect(
        (await call("/api/payments/initiate", { method: "POST", json: { amount, provider: "webpay_form" }, cookie }))
          .status,
      ).toBe(400);
    }
    expect(
      (
        await call("/api/payments/initiate", {
          method: "POST",
          json: { amount: SPEC.priceClp, provider: "webpay_form" },
          cookie,
        })
      ).status,
    ).toBe(200);
    const stored = await db().select().from(payments);
    expect(stored.map((p) => p.amountClp)).toEqual([SPEC.priceClp]);
  });
});
