import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { csvCell, membersCsv, paymentsCsv, toCsv } from "../../client/admin/csv";
import type { Member, Payment } from "../../client/admin/types";
import { TEXT } from "../../client/text";
import { TEXTS } from "../../worker/shared/texts";
import { renderApp, reply, sessionDeps, stubAdminFetch, userFixture } from "./render";

const member = (patch: Partial<Member> = {}): Member => ({
  id: 2,
  name: "Mira",
  email: "mira@example.com",
  role: "member",
  created_at: "2026-02-01T10:00:00.000Z",
  status: "active",
  plan: "monthly",
  muted_until: null,
  auto_renew: null,
  ...patch,
});
const payment = (patch: Partial<Payment> = {}): Payment => ({
  id: 1,
  user_email: "mira@example.com",
  plan: "monthly",
  amount_clp: 15000,
  status: "completed",
  created_at: "2026-02-02T10:00:00.000Z",
  failure_reason: null,
  is_test: false,
  automatic: false,
  refund_type: null,
  refunded_at: null,
  ...patch,
});

const MEMBERS: Member[] = [
  member({ id: 1, name: "Ada", email: "admin@example.com", role: "admin", status: "active", plan: null }),
  member({ id: 2, name: "Mira", status: "active" }),
  member({ id: 3, name: "Tess", email: "tess@example.com", status: "trial", plan: "trial" }),
  member({ id: 4, name: null, email: "gone@example.com", status: "inactive", plan: null }),
];
const PAYMENTS: Payment[] = [
  payment({ id: 1, amount_clp: 15000, status: "completed" }),
  payment({ id: 2, amount_clp: 15000, status: "completed" }),
  payment({ id: 3, amount_clp: 15000, status: "pending" }),
  payment({ id: 4, amount_clp: 15000, status: "failed" }),
];

describe("CSV export", () => {
  it("quotes commas, quotes and newlines per RFC 4180 and neutralises formula cells", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("Doe, Jane")).toBe('"Doe, Jane"');
    expect(csvCell('The "Star"')).toBe('"The ""Star"""');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe('"\'\rx"');
    expect(csvCell(15000)).toBe("15000");
    expect(csvCell(null)).toBe("");
    expect(toCsv(["a", "b"], [["1", 2]])).toBe("a,b\r\n1,2\r\n");
  });

  it("builds members.csv with one record per member, even for hostile names", () => {
    const csv = membersCsv([
      member({ name: 'Doe, "Jane"\nthe second', email: "jane@example.com", plan: null, status: "inactive" }),
      member({ name: "=cmd|' /C calc'!A0", email: "x@example.com", role: "admin" }),
    ]);
    expect(csv).toBe(
      "Name,Email,Role,Status,Plan,Joined\r\n" +
        '"Doe, ""Jane""\nthe second",jane@example.com,member,inactive,None,2026-02-01T10:00:00.000Z\r\n' +
        "'=cmd|' /C calc'!A0,x@example.com,admin,active,monthly,2026-02-01T10:00:00.000Z\r\n",
    );
  });

  it("builds payments.csv", () => {
    expect(
      paymentsCsv([
        payment({ user_email: "-@example.com" }),
        payment({ status: "failed", failure_reason: "expired", is_test: true }),
      ]),
    ).toBe(
      "User,Plan,Amount (CLP),Status,Date,Reason,Test\r\n" +
        "'-@example.com,monthly,15000,completed,2026-02-02T10:00:00.000Z,,no\r\n" +
        "mira@example.com,monthly,15000,failed,2026-02-02T10:00:00.000Z,expired,yes\r\n",
    );
  });
});

describe("stat cards", () => {
  it("shows the server's figures, each with its definition", async () => {
    stubAdminFetch(
      (url) =>
        url === "/api/admin/members"
          ? { status: 200, body: MEMBERS }
          : url === "/api/admin/payments"
            ? { status: 200, body: PAYMENTS }
            : undefined,
      {
        total_members: 7,
        active_members: 3,
        total_revenue_clp: 45000,
        admins: 2,
      },
    );
    renderApp("/admin", sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1, role: "admin" })) }));
    await waitFor(() => expect(screen.getByTestId("stat-Total Members").textContent).toContain("7"));
    expect(screen.getByTestId("stat-Active Members").textContent).toContain("3");
    expect(screen.getByTestId("stat-Total Revenue").textContent).toContain("$45,000 CLP");
    expect(screen.getByTestId("stat-Admins").textContent).toContain("2");
    expect(screen.getByTestId("stat-Total Revenue").textContent).toContain(TEXT.stats.totalRevenueDefinition);
    expect(screen.getByTestId("stat-Active Members").textContent).toContain(TEXT.stats.activeMembersDefinition);
    const revenue = screen.getByTestId("stat-Total Revenue");
    expect(document.getElementById(revenue.getAttribute("aria-describedby")!)?.textContent).toBe(
      TEXT.stats.totalRevenueDefinition,
    );
  });
});

const adminSession = () => sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1, role: "admin" })) });

describe("admin dashboard", () => {
  it("shows the load error with a retry, never sample data", async () => {
    let fail = true;
    stubAdminFetch((url) => {
      if (fail) return { status: 500, body: { error: "Internal server error" } };
      return url === "/api/admin/members" ? { status: 200, body: MEMBERS } : { status: 200, body: [] };
    });
    renderApp("/admin", adminSession());
    const alert = (await screen.findByText("Internal server error")).closest<HTMLElement>('[role="alert"]')!;
    expect(screen.queryAllByTestId("member-row")).toHaveLength(0);
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getAllByTestId("member-row")).toHaveLength(4));
  });

  it("lists members with 'None' for no plan, and no delete button on admin rows", async () => {
    stubAdminFetch((url) =>
      url === "/api/admin/members" ? { status: 200, body: MEMBERS } : { status: 200, body: [] },
    );
    renderApp("/admin", adminSession());
    const rows = await screen.findAllByTestId("member-row");
    expect(within(rows[0]).queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(within(rows[1]).getByRole("button", { name: "Delete mira@example.com" })).toBeTruthy();
    expect(rows[3].textContent).toContain(TEXT.admin.noPlan);
    expect(rows[3].textContent).toContain("Cosmic Soul");
  });

  it("exports members.csv from the loaded list", async () => {
    stubAdminFetch((url) =>
      url === "/api/admin/members" ? { status: 200, body: MEMBERS } : { status: 200, body: [] },
    );
    const blobs: Blob[] = [];
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (b: Blob) => {
      blobs.push(b);
      return "blob:x";
    };
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL: saved.create, revokeObjectURL: saved.revoke });
    });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderApp("/admin", adminSession());
    await screen.findAllByTestId("member-row");
    fireEvent.click(screen.getByRole("button", { name: TEXT.admin.exportCsv }));
    // The CSV's code loads on the first export; the download follows once it has.
    await waitFor(() => expect(clicks).toEqual(["members.csv"]));
    expect(await blobs[0].text()).toBe(membersCsv(MEMBERS));
  });

  it("deletes a member after the spec's confirmation, and shows the server's error when it fails", async () => {
    const calls: string[] = [];
    let deleteStatus = 500;
    stubAdminFetch((url, init) => {
      if (init?.method === "DELETE") {
        calls.push(url);
        return { status: deleteStatus, body: deleteStatus === 200 ? { success: true } : { error: "Database on fire" } };
      }
      return url === "/api/admin/members" ? { status: 200, body: MEMBERS } : { status: 200, body: [] };
    });
    renderApp("/admin", adminSession());
    fireEvent.click(await screen.findByRole("button", { name: "Delete mira@example.com" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(TEXTS.confirm.deleteMember);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getByText("Database on fire")).toBeTruthy());
    expect(calls).toEqual(["/api/admin/members/2"]);

    deleteStatus = 200;
    fireEvent.click(screen.getByRole("button", { name: "Delete mira@example.com" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toHaveLength(1);
  });

  it("requires an email to add a member, then posts email, name and role", async () => {
    const posted: unknown[] = [];
    stubAdminFetch((url, init) => {
      if (init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return { status: 201, body: member({ id: 9, email: "nova@example.com" }) };
      }
      return url === "/api/admin/members" ? { status: 200, body: MEMBERS } : { status: 200, body: [] };
    });
    renderApp("/admin", adminSession());
    fireEvent.click(await screen.findByRole("button", { name: TEXT.admin.addMemberButton }));
    const dialog = await screen.findByRole("dialog", { name: TEXT.adminParts.addMember });
    expect((within(dialog).getByLabelText(TEXT.adminParts.emailLabel) as HTMLInputElement).type).toBe("email");
    fireEvent.click(within(dialog).getByRole("button", { name: TEXT.adminParts.addMember }));
    expect(within(dialog).getByRole("alert").textContent).toBe(TEXTS.admin.emailRequired);
    expect(posted).toHaveLength(0);

    fireEvent.input(within(dialog).getByLabelText(TEXT.adminParts.emailLabel), {
      target: { value: "nova@example.com" },
    });
    fireEvent.input(within(dialog).getByLabelText("Display name (optional)"), { target: { value: "Nova" } });
    fireEvent.change(within(dialog).getByLabelText(TEXT.adminParts.roleLabel), { target: { value: "admin" } });
    fireEvent.click(within(dialog).getByRole("button", { name: TEXT.adminParts.addMember }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posted).toEqual([{ email: "nova@example.com", name: "Nova", role: "admin" }]);
  });

  it(`keeps the add-member dialog open with the server's error when the email is taken, and reloads the list after a \
role change`, async () => {
    let memberLoads = 0;
    const patched: unknown[] = [];
    stubAdminFetch((url, init) => {
      if (url === "/api/admin/members" && init?.method === "POST")
        return { status: 409, body: { error: TEXTS.admin.memberExists, code: "member_exists" } };
      if (url === "/api/admin/members/2" && init?.method === "PATCH") {
        patched.push(JSON.parse(String(init.body)));
        return { status: 200, body: member({ role: "admin" }) };
      }
      if (url === "/api/admin/members") memberLoads++;
      return url === "/api/admin/members" ? { status: 200, body: MEMBERS } : { status: 200, body: [] };
    });
    renderApp("/admin", adminSession());
    const user = userEvent.setup();
    const trigger = await screen.findByRole("button", { name: TEXT.admin.addMemberButton });
    await user.click(trigger);
    // The dialog's code arrives after the click; it opens with focus in its first field.
    const dialog = await screen.findByRole("dialog", { name: TEXT.adminParts.addMember });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(TEXT.adminParts.emailLabel)));
    await user.type(within(dialog).getByLabelText(TEXT.adminParts.emailLabel), "mira@example.com");
    await user.click(within(dialog).getByRole("button", { name: TEXT.adminParts.addMember }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe(TEXTS.admin.memberExists));
    expect(screen.getByRole("dialog", { name: TEXT.adminParts.addMember })).toBe(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Closed, focus goes back to the button that opened it.
    expect(document.activeElement).toBe(trigger);

    const loadsBefore = memberLoads;
    fireEvent.click(
      screen.getByRole("button", { name: TEXT.admin.makeRoleLabel(TEXT.admin.makeRole.admin, "mira@example.com") }),
    );
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: TEXT.admin.changeRole }));
    await waitFor(() => expect(memberLoads).toBeGreaterThan(loadsBefore));
    expect(patched).toEqual([{ role: "admin" }]);
  });

  it("clears all payments after the confirmation and says so", async () => {
    let cleared = false;
    stubAdminFetch((url, init) => {
      if (url === "/api/admin/payments/clear-all" && init?.method === "DELETE") {
        cleared = true;
        return { status: 200, body: { success: true, deleted: 4 } };
      }
      if (url === "/api/admin/payments") return { status: 200, body: cleared ? [] : PAYMENTS };
      return { status: 200, body: MEMBERS };
    });
    renderApp("/admin", adminSession());
    fireEvent.click(await screen.findByRole("tab", { name: TEXT.admin.tabs.payments }));
    // Each tab but the first loads its code when opened.
    expect(await screen.findAllByTestId("payment-row")).toHaveLength(4);
    expect(screen.getAllByTestId("payment-row")[3].textContent).toContain("failed");
    fireEvent.click(screen.getByRole("button", { name: TEXT.adminParts.clearAll }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(TEXTS.confirm.clearPayments);
    fireEvent.click(within(dialog).getByRole("button", { name: TEXT.adminParts.deleteAll }));
    await waitFor(() => expect(screen.getByText(TEXTS.admin.clearedPayments)).toBeTruthy());
    await waitFor(() => expect(screen.queryAllByTestId("payment-row")).toHaveLength(0));
  });

  it("shows the Content placeholder", async () => {
    stubAdminFetch(() => ({ status: 200, body: [] }));
    renderApp("/admin", adminSession());
    fireEvent.click(await screen.findByRole("tab", { name: TEXT.admin.tabs.content }));
    expect(screen.getByText(TEXTS.admin.contentPlaceholder)).toBeTruthy();
  });

  it("tests all keys: per-provider results and the troubleshooting hint when one fails", async () => {
    const results = {
      openai: { available: true, keyFormat: "sk-p…9xQz (51 chars)", error: null },
      gemini: {
        available: false,
        keyFormat: "Not configured",
        error: "Gemini is not configured: set the GEMINI_API_KEY secret",
      },
      straico: { available: true, keyFormat: "abcd…wxyz (40 chars)", error: null },
    };
    const fetchMock = stubAdminFetch((url, init) =>
      url === "/api/ai/validate-keys" && init?.method === "POST"
        ? { status: 200, body: { results } }
        : { status: 200, body: [] },
    );
    renderApp("/admin", adminSession());
    fireEvent.click(await screen.findByRole("tab", { name: TEXT.admin.tabs.keys }));
    fireEvent.click(await screen.findByRole("button", { name: TEXT.adminParts.testKeys }));
    await waitFor(() => expect(screen.getByText(results.gemini.error)).toBeTruthy());
    expect(screen.getByText(`Key: ${results.openai.keyFormat}`)).toBeTruthy();
    expect(screen.getByText(TEXTS.admin.keysHint)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u, i]) => String(u).endsWith("/api/ai/validate-keys") && i?.body === "{}")).toBe(
      true,
    );
    // A key test changes nothing on the dashboard: it is not loaded again.
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith("/api/admin/members"))).toHaveLength(1);
  });

  it("shows the server's error, or the spec's text, when the key test fails", async () => {
    stubAdminFetch((url) => (url === "/api/ai/validate-keys" ? { status: 500, body: {} } : { status: 200, body: [] }));
    renderApp("/admin", adminSession());
    fireEvent.click(await screen.findByRole("tab", { name: TEXT.admin.tabs.keys }));
    fireEvent.click(await screen.findByRole("button", { name: TEXT.adminParts.testKeys }));
    await waitFor(() => expect(screen.getByText(TEXTS.admin.validateKeysFailed).getAttribute("role")).toBe("alert"));
  });
});
