import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TEXT } from "../../client/text";
import { renderApp, reply, sessionDeps, stubAdminFetch, userFixture } from "./render";

const admin = () => sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1, role: "admin" })) });

const REPORT = {
  ok: false,
  checked_at: "2026-11-23T10:00:00.000Z",
  checks: [
    { name: "d1", ok: true, latency_ms: 4, detail: "latest migration 0008_moderation" },
    { name: "r2", ok: false, latency_ms: 5000, detail: "no answer within 5000 ms" },
    { name: "payments", ok: true, latency_ms: null, detail: "integration (test mode)" },
    { name: "ai_openai", ok: true, latency_ms: 120, detail: "key accepted" },
  ],
};

describe("admin health tab", () => {
  it("runs the deep check only when asked and shows each dependency, up or down, with its latency", async () => {
    const fetchMock = stubAdminFetch((url) =>
      url === "/api/admin/health" ? { status: 200, body: REPORT } : { status: 200, body: [] },
    );
    renderApp("/admin", admin());
    fireEvent.click(await screen.findByRole("tab", { name: TEXT.admin.tabs.health }));
    expect(await screen.findByText(TEXT.health.intro)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/api/admin/health"))).toBe(false);

    fireEvent.click(await screen.findByRole("button", { name: TEXT.health.run }));
    expect((await screen.findByTestId("health-summary")).textContent).toContain(TEXT.health.someDown);
    const r2 = screen.getByTestId("health-r2");
    expect(within(r2).getByText(TEXT.health.down)).toBeTruthy();
    expect(r2.textContent).toContain("no answer within 5000 ms");
    expect(within(screen.getByTestId("health-d1")).getByText(TEXT.health.up)).toBeTruthy();
    expect(screen.getByTestId("health-payments").textContent).toContain(TEXT.health.latency(null));
    expect(screen.getByTestId("health-ai_openai").textContent).toContain("AI: openai");
  });

  it("says so when the check cannot be run", async () => {
    stubAdminFetch((url) =>
      url === "/api/admin/health"
        ? { status: 500, body: { error: "Internal server error" } }
        : { status: 200, body: [] },
    );
    renderApp("/admin", admin());
    fireEvent.click(await screen.findByRole("tab", { name: TEXT.admin.tabs.health }));
    fireEvent.click(screen.getByRole("button", { name: TEXT.health.run }));
    expect((await screen.findByTestId("health-error")).textContent).toBe("Internal server error");
    expect(screen.queryByTestId("health-summary")).toBeNull();
  });
});
