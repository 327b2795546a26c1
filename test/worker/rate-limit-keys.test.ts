// Rate limits' keys, from the second security round (attack 7, writes without a rate limit): an IPv6
// caller is limited by its /64 (rotating addresses inside it does not reset the count), and the
// rate_limits table is pruned hourly by the scheduled handler.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CRON } from "../../worker/cron";
import { rateLimits } from "../../worker/db/schema";
import worker from "../../worker/index";
import { ipv6Prefix64 } from "../../worker/platform/rate-limit";
import { RATE_LIMIT_LONGEST_WINDOW_SECONDS, RATE_LIMITS } from "../../worker/shared/rules";
import { call, db, testEnv } from "./helpers";

describe("rate-limit keys", () => {
  it("reduce an IPv6 address to its /64, whatever its spelling; IPv4 stays whole", () => {
    expect(ipv6Prefix64("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2");
    expect(ipv6Prefix64("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2");
    expect(ipv6Prefix64("2001:db8::1")).toBe("2001:db8:0:0");
    expect(ipv6Prefix64("::ffff:192.0.2.1")).toBe("0:0:0:0");
    expect(ipv6Prefix64("fe80::1%eth0")).toBe("fe80:0:0:0");
    expect(ipv6Prefix64("203.0.113.9")).toBeNull();
    expect(ipv6Prefix64("2001:db8:::1")).toBeNull();
    expect(ipv6Prefix64("2001:db8:zz::1")).toBeNull();
  });

  it(`attack: rotating IPv6 addresses inside one /64 does not escape the sign-in limit; another /64 is \
unaffected`, async () => {
    const from = (ip: string) => call("/api/oauth/google/redirect_url", { headers: { "cf-connecting-ip": ip } });
    for (let i = 1; i <= RATE_LIMITS.signIn.limit; i++)
      expect((await from(`2001:db8:1:2::${i.toString(16)}`)).status).toBe(200);
    const rotated = await from("2001:db8:1:2:ffff:ffff:ffff:ffff");
    expect(rotated.status).toBe(429);
    expect(rotated.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await from("2001:db8:1:3::1")).status).toBe(200);
    const keys = (await db().select().from(rateLimits)).map((r) => r.key).sort();
    expect(keys).toEqual(["signIn:redirect:ip6:2001:db8:1:2::/64", "signIn:redirect:ip6:2001:db8:1:3::/64"]);
  });
});

describe("pruning rate_limits (hourly Cron Trigger)", () => {
  it("the scheduled handler deletes the counters whose window is over and keeps live ones", async () => {
    const now = Date.UTC(2026, 10, 23, 12, 17);
    const longest = RATE_LIMIT_LONGEST_WINDOW_SECONDS * 1000;
    await db()
      .insert(rateLimits)
      .values([
        { key: "posts:user:1", windowStart: now - 30_000, count: 3 },
        { key: "uploads:user:1", windowStart: now - longest + 60_000, count: 5 },
        { key: "ai:user:1", windowStart: now - longest, count: 20 },
        { key: "signIn:redirect:ip:203.0.113.9", windowStart: now - 2 * longest, count: 20 },
      ]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: CRON.hourly, scheduledTime: now }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
    const left = (await db().select().from(rateLimits)).map((r) => r.key).sort();
    expect(left).toEqual(["posts:user:1", "uploads:user:1"]);
  });
});
