// Builds a notification's email: plain text and simple HTML in the member's language, with the
// one-click unsubscribe headers of RFC 8058 (List-Unsubscribe + List-Unsubscribe-Post).
import type { OutgoingEmail } from "../../shared/delivery-jobs";
import type { NotificationKind } from "../../shared/notifications";
import { COMMERCE_NAME, type Language } from "../../shared/rules";
import { dateIn, type NotificationFacts, wordsFor } from "../notify/texts";
import { unsubscribeToken } from "./unsubscribe";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export type EmailRecipient = {
  userId: number;
  email: string;
  language: Language | null;
  timezone: string | null;
};

export async function buildNotificationEmail(
  config: { origin: string; tokenSecret: string },
  to: EmailRecipient,
  facts: NotificationFacts & { kind: NotificationKind },
  path: string,
): Promise<OutgoingEmail> {
  const words = wordsFor(to.language);
  const subject = words.line(facts, dateIn(to.language, to.timezone));
  const link = new URL(path, config.origin).href;
  const token = await unsubscribeToken(config.tokenSecret, to.userId, facts.kind);
  const unsubscribe = `${config.origin}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;
  const text = [
    subject,
    "",
    `${words.open}: ${link}`,
    "",
    "--",
    words.why,
    `${words.unsubscribe}: ${unsubscribe}`,
  ].join("\n");
  const html = `<!doctype html><html lang="${to.language ?? "en"}"><body style="font-family:sans-serif;color:#222">
<p style="font-size:12px;color:#666">${escapeHtml(COMMERCE_NAME)}</p>
<p style="font-size:16px">${escapeHtml(subject)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(words.open)}</a></p>
<hr><p style="font-size:12px;color:#666">${escapeHtml(words.why)}
<a href="${escapeHtml(unsubscribe)}">${escapeHtml(words.unsubscribe)}</a></p>
</body></html>`;
  return {
    to: to.email,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
