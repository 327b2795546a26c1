// Transbank's official Node SDK (transbank-sdk: Oneclick.MallInscription, Oneclick.MallTransaction)
// against the local Oneclick Mall emulator of the running dev server, at the same base URL as the
// Webpay Plus emulator: inscription start, finish and delete, authorize, status and refund go through
// the SDK exactly as they would to Transbank, so the emulator's paths, headers, bodies and error answers
// are the real contract's.
import { IntegrationApiKeys, IntegrationCommerceCodes, Oneclick, Options, TransactionDetail } from "transbank-sdk";
import { expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const options = (apiKey: string = IntegrationApiKeys.WEBPAY) =>
  new Options(IntegrationCommerceCodes.ONECLICK_MALL, apiKey, `${baseUrl}/api/dev/webpay`);
const inscriptions = () => new Oneclick.MallInscription(options());
const transactions = () => new Oneclick.MallTransaction(options());
const CHILD = IntegrationCommerceCodes.ONECLICK_MALL_CHILD1;

/** The emulator's card page, as the browser posts it (the card decides what its charges answer). */
async function cardForm(token: string, action: "enrol" | "decline", card = "approved", refuseCode = -1) {
  const res = await fetch(`${baseUrl}/api/dev/webpay/oneclick/inscription`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ TBK_TOKEN: token, action, card, refuse_code: String(refuseCode) }),
  });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain(`value="${token}"`);
}

const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

async function enrolled(username: string, card = "approved", refuseCode = -1) {
  const started = await inscriptions().start(
    username,
    `${username}@example.com`,
    `${baseUrl}/api/payments/oneclick/return`,
  );
  await cardForm(started.token, "enrol", card, refuseCode);
  return inscriptions().finish(started.token);
}

it("inscription start, finish and delete through Oneclick.MallInscription", async () => {
  const username = unique("sdk");
  const started = await inscriptions().start(username, "sdk@example.com", `${baseUrl}/api/payments/oneclick/return`);
  expect(started.url_webpay).toBe(`${baseUrl}/api/dev/webpay/oneclick/inscription`);
  expect(started.token).toMatch(/^[a-f0-9]{64}$/);
  // Not back from the card form yet: finishing is refused.
  await expect(inscriptions().finish(started.token)).rejects.toThrow(/Invalid status/);

  await cardForm(started.token, "enrol");
  const finished = await inscriptions().finish(started.token);
  expect(finished).toMatchObject({ response_code: 0, card_type: "Visa", card_number: "XXXXXXXXXXXX6623" });
  expect(finished.tbk_user).toMatch(/^[0-9a-f-]{36}$/);
  expect(finished.authorization_code).toMatch(/^\d{6}$/);
  await expect(inscriptions().finish(started.token)).rejects.toThrow(/already finished/);

  // DELETE answers 204, which the SDK reports as true; a second delete finds nothing.
  expect(await inscriptions().delete(finished.tbk_user, username)).toBe(true);
  await expect(inscriptions().delete(finished.tbk_user, username)).rejects.toThrow(/not found/);
});

it("a declined enrolment finishes with a refusal and no tbk_user", async () => {
  const started = await inscriptions().start(
    unique("sdk"),
    "sdk@example.com",
    `${baseUrl}/api/payments/oneclick/return`,
  );
  await cardForm(started.token, "decline");
  expect(await inscriptions().finish(started.token)).toMatchObject({ response_code: -1, tbk_user: null });
});

it("authorize, status and refund through Oneclick.MallTransaction", async () => {
  const username = unique("sdk");
  const { tbk_user } = await enrolled(username);
  const buyOrder = unique("P");
  const childBuyOrder = unique("C");
  const authorized = await transactions().authorize(username, tbk_user, buyOrder, [
    new TransactionDetail(15000, CHILD, childBuyOrder, 1),
  ]);
  expect(authorized).toMatchObject({
    buy_order: buyOrder,
    card_detail: { card_number: "6623" },
    details: [
      {
        amount: 15000,
        status: "AUTHORIZED",
        response_code: 0,
        installments_number: 1,
        commerce_code: CHILD,
        buy_order: childBuyOrder,
      },
    ],
  });
  expect(await transactions().status(buyOrder)).toMatchObject({
    buy_order: buyOrder,
    details: [{ status: "AUTHORIZED", authorization_code: authorized.details[0].authorization_code }],
  });
  // The same buy order twice is refused: Transbank charges a buy order once.
  await expect(
    transactions().authorize(username, tbk_user, buyOrder, [new TransactionDetail(15000, CHILD, unique("C"), 1)]),
  ).rejects.toThrow(/already used/);

  expect(await transactions().refund(buyOrder, CHILD, childBuyOrder, 15000)).toEqual({ type: "REVERSED" });
  await expect(transactions().refund(buyOrder, CHILD, childBuyOrder, 15000)).rejects.toThrow(/cannot be refunded/);
  await expect(transactions().status(unique("NONE"))).rejects.toThrow(/not found/);
});

it("a refusing card answers its response code; a deleted inscription answers -96", async () => {
  const username = unique("sdk");
  const { tbk_user } = await enrolled(username, "refused", -7);
  const refused = await transactions().authorize(username, tbk_user, unique("P"), [
    new TransactionDetail(15000, CHILD, unique("C"), 1),
  ]);
  expect(refused.details[0]).toMatchObject({ status: "FAILED", response_code: -7 });

  await inscriptions().delete(tbk_user, username);
  const gone = await transactions().authorize(username, tbk_user, unique("P"), [
    new TransactionDetail(15000, CHILD, unique("C"), 1),
  ]);
  expect(gone.details[0]).toMatchObject({ status: "FAILED", response_code: -96 });
});

it("wrong credentials are refused as Transbank does", async () => {
  const wrong = new Oneclick.MallTransaction(options("0".repeat(64)));
  await expect(wrong.status("ANY")).rejects.toThrow(/Not Authorized/);
});
