// Transbank's official Node SDK (transbank-sdk) against the local Webpay emulator of the running dev
// server: create, status, commit, refund go through the SDK exactly as they would to Transbank, so
// the emulator's paths, headers, bodies and error answers are the real contract's.
import { IntegrationApiKeys, IntegrationCommerceCodes, Options, WebpayPlus } from "transbank-sdk";
import { expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const sdk = () =>
  new WebpayPlus.Transaction(
    new Options(IntegrationCommerceCodes.WEBPAY_PLUS, IntegrationApiKeys.WEBPAY, `${baseUrl}/api/dev/webpay`),
  );

/** The card page's Approve button, as the browser posts it. */
async function approve(token: string) {
  const res = await fetch(`${baseUrl}/api/dev/webpay/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ token_ws: token, action: "approve" }),
  });
  expect(res.status).toBe(200);
}

it("create, status, commit and refund through transbank-sdk", async () => {
  const tx = sdk();
  const buyOrder = `SDK${Date.now().toString(36)}`.toUpperCase();
  const created = await tx.create(buyOrder, "sdk-session", 15000, `${baseUrl}/api/payments/webpay/return`);
  expect(created.url).toBe(`${baseUrl}/api/dev/webpay/pay`);
  expect(created.token).toMatch(/^[a-f0-9]{64}$/);

  // Unfinished: the status body has the order and no card yet; committing it is refused (422).
  expect(await tx.status(created.token)).toMatchObject({
    status: "INITIALIZED",
    buy_order: buyOrder,
    amount: 15000,
    response_code: null,
  });
  await expect(tx.commit(created.token)).rejects.toThrow(/Invalid status/);

  await approve(created.token);
  const committed = await tx.commit(created.token);
  expect(committed).toMatchObject({
    status: "AUTHORIZED",
    response_code: 0,
    amount: 15000,
    buy_order: buyOrder,
    card_detail: { card_number: "6623" },
  });
  await expect(tx.commit(created.token)).rejects.toThrow(/already committed/);
  expect(await tx.status(created.token)).toMatchObject({
    status: "AUTHORIZED",
    authorization_code: committed.authorization_code,
  });

  expect(await tx.refund(created.token, 15000)).toEqual({ type: "REVERSED" });
  await expect(tx.refund(created.token, 15000)).rejects.toThrow(/cannot be refunded/);
});

it("the SDK's errors for an unknown token and wrong credentials", async () => {
  await expect(sdk().status("f".repeat(64))).rejects.toThrow(/not found/);
  const wrong = new WebpayPlus.Transaction(
    new Options(IntegrationCommerceCodes.WEBPAY_PLUS, "0".repeat(64), `${baseUrl}/api/dev/webpay`),
  );
  await expect(wrong.status("f".repeat(64))).rejects.toThrow(/Not Authorized/);
});
