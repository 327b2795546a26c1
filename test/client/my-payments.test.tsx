// The membership settings' "Your payments": the member's own list and a PDF receipt (jspdf, loaded on demand) per completed
// payment.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished } from "vitest";
import { formatClpChile } from "../../client/components/format";
import { receiptRows } from "../../client/settings/membership/receipt";
import { TEXT } from "../../client/text";
import { COMMERCE_NAME } from "../../worker/shared/rules";
import { pdfText } from "../pdf-text";
import { servePdfFont } from "./pdf-font";
import {
  memberPayment,
  membershipStatus,
  profileReadsAnswer,
  renderApp,
  reply,
  sessionDeps,
  stubFetch,
  userFixture,
} from "./render";

const session = () => sessionDeps({ getMe: async () => reply(200, userFixture()) });
const PROFILE = { user: userFixture(), profile: { goals: "[]", interests: "[]", socials: "{}" } };

/** The profile's membership status (its automatic-renewal card reads it). */
const MEMBERSHIP_STATUS = { status: 200, body: membershipStatus() };

function serve(payments: { status: number; body: unknown }) {
  return stubFetch((url) =>
    url === "/api/profile"
      ? { status: 200, body: PROFILE }
      : url === "/api/membership/payments"
        ? payments
        : url === "/api/membership/status"
          ? MEMBERSHIP_STATUS
          : (profileReadsAnswer(url) ?? { status: 200, body: [] }),
  );
}

function captureBlobs() {
  const blobs: Blob[] = [];
  const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (b: Blob) => {
    blobs.push(b);
    return "blob:x";
  };
  URL.revokeObjectURL = () => {};
  onTestFinished(() => void Object.assign(URL, { createObjectURL: saved.create, revokeObjectURL: saved.revoke }));
  return blobs;
}

describe("your payments in the membership settings", () => {
  it("formats pesos the Chilean way", () => {
    expect(formatClpChile(15000)).toBe("$15.000");
    expect(formatClpChile(1234567)).toBe("$1.234.567");
  });

  it("lists date, amount, status and the test marker; a receipt only for completed payments", async () => {
    serve({
      status: 200,
      body: [
        memberPayment({ id: 33, status: "refunded" }),
        memberPayment({ id: 32, status: "failed", card_last4: null, authorization_code: null }),
        memberPayment({ is_test: true }),
      ],
    });
    renderApp("/app/settings/membership", session());
    const rows = await screen.findAllByTestId("my-payment-row");
    expect(rows).toHaveLength(3);
    // The active language's money (English here); receipts stay Chilean.
    expect(rows[0].textContent).toContain("$15,000 CLP");
    expect(rows[0].textContent).toContain(TEXT.payments.status_refunded);
    expect(rows[1].textContent).toContain(TEXT.payments.status_failed);
    expect(rows[2].textContent).toContain(TEXT.payments.status_completed);
    expect(rows[2].textContent).toContain(TEXT.payments.testMarker);
    expect(rows[0].textContent).not.toContain(TEXT.payments.testMarker);
    expect(within(rows[0]).queryByRole("button")).toBeNull();
    expect(within(rows[1]).queryByRole("button")).toBeNull();
    expect(within(rows[2]).getByRole("button", { name: /Download the receipt/ })).toBeTruthy();
  });

  it("says so when there are none, and shows the error with a retry", async () => {
    let status = 500;
    stubFetch((url) =>
      url === "/api/profile"
        ? { status: 200, body: PROFILE }
        : url === "/api/membership/payments"
          ? status === 200
            ? { status, body: [] }
            : { status, body: { error: "Internal server error" } }
          : url === "/api/membership/status"
            ? MEMBERSHIP_STATUS
            : (profileReadsAnswer(url) ?? { status: 200, body: [] }),
    );
    renderApp("/app/settings/membership", session());
    const section = (await screen.findByRole("heading", { name: TEXT.payments.mineTitle })).closest("section")!;
    await waitFor(() => expect(within(section).getByText("Internal server error")).toBeTruthy());
    status = 200;
    fireEvent.click(within(section).getByRole("button", { name: "Try again" }));
    expect(await within(section).findByText(TEXT.payments.mineEmpty)).toBeTruthy();
  });

  it("receipt rows name the commerce, the amount and the card's last four", () => {
    const rows = Object.fromEntries(receiptRows(memberPayment(), { name: "Luna", email: "luna@example.com" }));
    const t = TEXT.payments.receiptLines;
    expect(rows[t.commerce]).toBe(COMMERCE_NAME);
    expect(rows[t.amount]).toBe("$15.000");
    expect(rows[t.card]).toBe("**** **** **** 6623");
    expect(rows[t.authorization]).toBe("1213");
    expect(rows[t.member]).toBe("Luna <luna@example.com>");
  });

  it("downloads a PDF receipt made by jspdf with those details", async () => {
    serve({ status: 200, body: [memberPayment({ is_test: true })] });
    servePdfFont();
    const blobs = captureBlobs();
    renderApp("/app/settings/membership", session());
    const [row] = await screen.findAllByTestId("my-payment-row");
    fireEvent.click(within(row).getByRole("button", { name: /Download the receipt/ }));
    await waitFor(() => expect(blobs).toHaveLength(1), { timeout: 5000 });
    expect((await blobs[0].text()).startsWith("%PDF-")).toBe(true);
    const pdf = await pdfText(blobs[0]);
    expect(pdf).toContain(COMMERCE_NAME);
    expect(pdf).toContain("6623");
    expect(pdf).toContain("$15.000");
    expect(pdf).toContain(TEXT.payments.receiptLines.test);
  });
});
