// The audit log records every admin action with who, what, target and a short before/after;
// refused actions record nothing, and no entry carries a name or an email.
import { describe, expect, it } from "vitest";
import { listAudit } from "../../worker/db/audit";
import { call, db, json } from "./helpers";
import { EMAILS, IDS, seedWorld } from "./seed";

const entries = async () => (await listAudit(db(), { limit: 100 })).reverse();

describe("audit log of the existing admin actions", () => {
  it("records member add, role change and removal with before/after", async () => {
    const { cookie } = await seedWorld();
    const added = await call("/api/admin/members", {
      method: "POST",
      cookie: cookie.admin,
      json: { email: "new@example.com", name: "Nova", role: "member" },
    });
    expect(added.status).toBe(201);
    const newId = (await json(added)).id;
    expect(
      (
        await call(`/api/admin/members/${IDS.victim}`, {
          method: "PATCH",
          cookie: cookie.admin,
          json: { role: "admin" },
        })
      ).status,
    ).toBe(200);
    // The same role again changes nothing and records nothing.
    expect(
      (
        await call(`/api/admin/members/${IDS.victim}`, {
          method: "PATCH",
          cookie: cookie.admin,
          json: { role: "admin" },
        })
      ).status,
    ).toBe(200);
    expect((await call(`/api/admin/members/${newId}`, { method: "DELETE", cookie: cookie.admin })).status).toBe(200);

    const log = await entries();
    expect(log.map((e) => [e.action, e.target_type, e.target_id, e.before, e.after])).toEqual([
      ["member.add", "member", String(newId), null, { role: "member" }],
      ["member.role_change", "member", String(IDS.victim), { role: "member" }, { role: "admin" }],
      ["member.remove", "member", String(newId), { role: "member", status: "inactive" }, null],
    ]);
    for (const e of log) {
      expect(e.actor_id).toBe(IDS.admin);
      expect(e.actor_email).toBe(EMAILS.admin);
      expect(Date.now() - new Date(e.created_at).getTime()).toBeLessThan(60_000);
    }
    expect(JSON.stringify(log.map((e) => [e.before, e.after, e.target_id]))).not.toMatch(/@|Nova/);
  });

  it("records notice create and delete, payment delete and clear-all, and the AI key test", async () => {
    const { cookie } = await seedWorld();
    const created = await call("/api/cosmic-notices", {
      method: "POST",
      cookie: cookie.admin,
      json: { title: "Full moon", content: "<p>Tonight</p>", is_pinned: true },
    });
    const noticeId = (await json(created)).id;
    expect((await call(`/api/cosmic-notices/${noticeId}`, { method: "DELETE", cookie: cookie.admin })).status).toBe(
      200,
    );
    expect((await call(`/api/admin/payments/${IDS.payment}`, { method: "DELETE", cookie: cookie.admin })).status).toBe(
      200,
    );
    expect((await call("/api/admin/payments/clear-all", { method: "DELETE", cookie: cookie.admin })).status).toBe(200);
    expect((await call("/api/ai/validate-keys", { method: "POST", cookie: cookie.admin, json: {} })).status).toBe(200);

    expect((await entries()).map((e) => [e.action, e.target_type, e.target_id, e.before, e.after])).toEqual([
      ["notice.create", "notice", String(noticeId), null, { title: "Full moon", is_pinned: true }],
      ["notice.delete", "notice", String(noticeId), { title: "Full moon" }, null],
      ["payment.delete", "payment", String(IDS.payment), null, null],
      ["payment.clear_all", "payment", null, null, { deleted: 0 }],
      ["ai.key_test", "ai_keys", null, null, { openai: false, gemini: false, straico: false }],
    ]);
  });

  it("records nothing for refused or failed actions", async () => {
    const { cookie } = await seedWorld();
    expect((await call(`/api/admin/members/${IDS.victim}`, { method: "DELETE", cookie: cookie.member })).status).toBe(
      403,
    );
    expect((await call(`/api/admin/members/${IDS.admin}`, { method: "DELETE", cookie: cookie.admin })).status).toBe(
      403,
    );
    expect(
      (await call("/api/admin/members/999", { method: "PATCH", cookie: cookie.admin, json: { role: "admin" } })).status,
    ).toBe(404);
    expect(
      (await call("/api/admin/members", { method: "POST", cookie: cookie.admin, json: { email: EMAILS.member } }))
        .status,
    ).toBe(409);
    expect((await call("/api/cosmic-notices/999", { method: "DELETE", cookie: cookie.admin })).status).toBe(404);
    expect((await call("/api/admin/payments/999", { method: "DELETE", cookie: cookie.admin })).status).toBe(404);
    expect((await call("/api/ai/validate-keys", { method: "POST", cookie: cookie.paid, json: {} })).status).toBe(403);
    expect(await entries()).toEqual([]);
  });
});
