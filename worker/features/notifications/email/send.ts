// Sends one email through Cloudflare Email Service (the `send_email` binding). Locally (APP_ENV
// "local": npm run dev, wrangler dev, the tests) nothing leaves the machine: the message lands in the
// outbox in R2 that GET /api/dev/mail lists, exactly as it would have gone out.
import type { Env } from "../../../env";
import type { OutgoingEmail } from "../../../shared/delivery-jobs";

export type OutboxMessage = OutgoingEmail & { sent_at: string };

/** The R2 prefix of the local outbox; keys sort by time. */
export const OUTBOX_PREFIX = "dev-outbox/";

export async function sendEmail(env: Env, message: OutgoingEmail, now = new Date()) {
  if (env.APP_ENV === "local") {
    const stored: OutboxMessage = { ...message, sent_at: now.toISOString() };
    await env.BLOBS.put(`${OUTBOX_PREFIX}${now.toISOString()}-${crypto.randomUUID()}.json`, JSON.stringify(stored), {
      httpMetadata: { contentType: "application/json" },
    });
    return;
  }
  await env.EMAIL.send({
    from: { email: env.EMAIL_FROM, name: env.EMAIL_FROM_NAME },
    replyTo: env.EMAIL_REPLY_TO,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  });
}

/** The local outbox, newest first (at most `max` messages). */
export async function readOutbox(env: Env, max = 50): Promise<OutboxMessage[]> {
  const page = await env.BLOBS.list({ prefix: OUTBOX_PREFIX, limit: 1000 });
  const keys = page.objects
    .map((o) => o.key)
    .sort()
    .reverse()
    .slice(0, max);
  const bodies = await Promise.all(keys.map((key) => env.BLOBS.get(key).then((o) => o?.json<OutboxMessage>())));
  return bodies.filter((m): m is OutboxMessage => m !== undefined);
}
