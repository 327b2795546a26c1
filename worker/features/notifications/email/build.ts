// Builds the emails: plain text and simple HTML in the member's language. Emails a member can turn
// off carry the one-click unsubscribe headers of RFC 8058 (List-Unsubscribe + List-Unsubscribe-Post)
// and a link; a payment's result cannot be turned off (it is the record of a payment), so it says so.
import { escapeHtml } from "../../../platform/html";
import type { OutgoingEmail } from "../../../shared/delivery-jobs";
import { isFixedKind } from "../../../shared/notification-settings";
import { channelUrl } from "../../../shared/notifications";
import { buildReceipt, type ReceiptFacts } from "../../../shared/receipt";
import { COMMERCE_NAME, type Language } from "../../../shared/rules";
import { settingsPath } from "../../../shared/settings";
import { RECEIPT_TEXTS } from "../../../shared/texts/receipt";
import { clpIn, dateIn, dateTimeIn, type NotificationFacts, wordsFor } from "../texts";
import { type EmailTopic, unsubscribeToken } from "./unsubscribe";

/**
 * A Subject on one line: names are checked to be one line when written, but one stored before that
 * must still not start a header of its own (a "Bcc:" line), so every line break becomes a space.
 */
const oneLine = (subject: string) => subject.replace(/\s*[\r\n\u0085\u2028\u2029]+\s*/g, " ");

export type EmailRecipient = {
  userId: number;
  email: string;
  language: Language | null;
  timezone: string | null;
};

type EmailConfig = { origin: string; tokenSecret: string };

/** An email's own part: its subject, its plain-text lines and the HTML between the header and the footer. */
type Content = { subject: string; text: string[]; html: string };

/**
 * How an email ends: the unsubscribe of `topic` for a member's settings (RFC 8058 headers and a link) and a link to
 * the notification settings, or a plain note where there is nothing to turn off (a payment's record, with a link to
 * the membership settings; an invitation sent once, to an address with no settings).
 */
type Footer = { topic: EmailTopic; why: string } | { note: string; settings?: "membership" };

/** Wraps content with the header, the footer and the headers. */
async function compose(
  config: EmailConfig,
  to: Pick<EmailRecipient, "email" | "language"> & { userId?: number },
  content: Content,
  footer: Footer,
): Promise<OutgoingEmail> {
  const words = wordsFor(to.language);
  let headers: Record<string, string> = {};
  let textFooter: string[];
  let htmlFooter: string;
  // The member's settings the footer links to: where these emails are chosen, or where a payment's record is kept.
  const settings = "note" in footer ? footer.settings : "notifications";
  const settingsLink = settings && { href: link(config, settingsPath(settings)), text: words.settings[settings] };
  if ("note" in footer) {
    textFooter = [footer.note];
    htmlFooter = escapeHtml(footer.note);
  } else {
    if (to.userId === undefined) throw new Error("an unsubscribe link needs the member");
    const token = await unsubscribeToken(config.tokenSecret, to.userId, footer.topic);
    const unsubscribe = `${config.origin}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;
    headers = { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    textFooter = [footer.why, `${words.unsubscribe}: ${unsubscribe}`];
    htmlFooter = `${escapeHtml(footer.why)}
<a href="${escapeHtml(unsubscribe)}">${escapeHtml(words.unsubscribe)}</a>`;
  }
  if (settingsLink) {
    textFooter.push(`${settingsLink.text}: ${settingsLink.href}`);
    htmlFooter += `<br><a href="${escapeHtml(settingsLink.href)}">${escapeHtml(settingsLink.text)}</a>`;
  }
  const html = `<!doctype html><html lang="${to.language ?? "en"}"><body style="font-family:sans-serif;color:#222">
<p style="font-size:12px;color:#666">${escapeHtml(COMMERCE_NAME)}</p>
${content.html}
<hr><p style="font-size:12px;color:#666">${htmlFooter}</p>
</body></html>`;
  return {
    to: to.email,
    subject: oneLine(content.subject),
    text: [...content.text, "", "--", ...textFooter].join("\n"),
    html,
    headers,
  };
}

const link = (config: EmailConfig, path: string) => new URL(path, config.origin).href;

/**
 * An invitation to a private channel for an address with no account: who invited, which channel, and a link that
 * opens it (signing in first; the invitation binds at that sign-in). Sent once per address and channel, so it
 * carries no unsubscribe: there is no member whose settings it would change.
 */
export function buildInvitationEmail(
  config: EmailConfig,
  to: { email: string; language: Language },
  facts: { actorName: string | null; channelName: string; channelId: number },
): Promise<OutgoingEmail> {
  const words = wordsFor(to.language);
  const subject = words.line(
    { kind: "channel_invite", ...facts, eventTitle: null, detail: null },
    dateIn(to.language, null),
  );
  const href = link(config, channelUrl(facts.channelId));
  return compose(
    config,
    to,
    {
      subject,
      text: [subject, "", words.invitation.join, "", `${words.invitation.open}: ${href}`],
      html: `<p style="font-size:16px">${escapeHtml(subject)}</p>
<p>${escapeHtml(words.invitation.join)}</p>
<p><a href="${escapeHtml(href)}">${escapeHtml(words.invitation.open)}</a></p>`,
    },
    { note: words.invitation.why(facts.actorName ?? words.someone) },
  );
}

/**
 * A gift of membership for its recipient: who it is from, their message, and the link that signs in and redeems it
 * (the code travels in the link's fragment, which no server logs). Sent once, so no unsubscribe.
 */
export function buildGiftEmail(
  config: EmailConfig,
  to: { email: string; language: Language },
  facts: { from: string; message: string | null; months: number; link: string; expiresAt: number },
): Promise<OutgoingEmail> {
  const words = wordsFor(to.language);
  const intro = words.gift.intro(facts.from, facts.months);
  const expires = words.gift.expires(dateIn(to.language, null)(facts.expiresAt));
  const message = facts.message ? [`${words.gift.message}:`, facts.message, ""] : [];
  return compose(
    config,
    to,
    {
      subject: words.gift.subject(facts.from),
      text: [intro, "", ...message, `${words.gift.open}: ${facts.link}`, "", expires],
      html: `<p style="font-size:16px">${escapeHtml(intro)}</p>
${facts.message ? `<p>${escapeHtml(words.gift.message)}:</p><blockquote>${escapeHtml(facts.message)}</blockquote>` : ""}
<p><a href="${escapeHtml(facts.link)}">${escapeHtml(words.gift.open)}</a></p>
<p>${escapeHtml(expires)}</p>`,
    },
    { note: words.gift.why(facts.from) },
  );
}

/** A notification's email: the line that says what happened, and a link to it in the app. */
export async function buildNotificationEmail(
  config: EmailConfig,
  to: EmailRecipient,
  facts: NotificationFacts,
  path: string,
): Promise<OutgoingEmail> {
  const words = wordsFor(to.language);
  const subject = words.line(facts, dateIn(to.language, to.timezone));
  const href = link(config, path);
  return compose(
    config,
    to,
    {
      subject,
      text: [subject, "", `${words.open}: ${href}`],
      html: `<p style="font-size:16px">${escapeHtml(subject)}</p>
<p><a href="${escapeHtml(href)}">${escapeHtml(words.open)}</a></p>`,
    },
    isFixedKind(facts.kind)
      ? { note: words.alwaysSent[facts.kind], settings: "membership" }
      : { topic: facts.kind, why: words.why },
  );
}

/** The payment receipt: the rows and notes of worker/shared/receipt.ts, in the member's words, zone and money. */
export async function buildReceiptEmail(
  config: EmailConfig,
  to: EmailRecipient,
  facts: Omit<ReceiptFacts, "memberEmail">,
): Promise<OutgoingEmail> {
  const words = wordsFor(to.language);
  const day = dateIn(to.language, to.timezone);
  const receipt = buildReceipt({ ...facts, memberEmail: to.email }, RECEIPT_TEXTS[to.language ?? "en"], {
    paidAt: dateTimeIn(to.language, to.timezone),
    day,
    amount: (clp) => clpIn(to.language, clp),
  });
  const membership = link(config, settingsPath("membership"));
  const notes: string[] = [];
  if (receipt.automatic) notes.push(receipt.automatic.charge, `${receipt.automatic.howToStop}: ${membership}`);
  if (receipt.test) notes.push(receipt.test);
  const subject = words.line(
    { kind: "payment", detail: "completed", actorName: null, channelName: null, eventTitle: null },
    day,
  );
  const htmlRows = receipt.rows
    .map(
      ([label, value]) => `<tr><td style="padding:2px 12px 2px 0;color:#666">${escapeHtml(label)}</td>\
<td>${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const htmlNotes = [
    receipt.automatic
      ? `<p>${escapeHtml(receipt.automatic.charge)} <a href="${escapeHtml(membership)}">${escapeHtml(receipt.automatic.howToStop)}</a>.</p>`
      : "",
    receipt.test ? `<p><strong>${escapeHtml(receipt.test)}</strong></p>` : "",
  ].join("");
  return compose(
    config,
    to,
    {
      subject,
      text: [
        words.receipt.intro,
        "",
        ...receipt.rows.map(([label, value]) => `${label}: ${value}`),
        ...(notes.length ? ["", ...notes] : []),
      ],
      html: `<p style="font-size:16px">${escapeHtml(words.receipt.intro)}</p>
<table style="border-collapse:collapse">${htmlRows}</table>
${htmlNotes}`,
    },
    { note: words.alwaysSent.payment, settings: "membership" },
  );
}

/**
 * What a digest names: the member's unread notifications (the newest, each with its line and link),
 * counts, notices.
 */
export type DigestFacts = {
  period: "daily" | "weekly";
  since: number;
  notifications: { line: string; path: string }[];
  unreadCount: number;
  postCount: number;
  notices: { title: string }[];
};

/** The daily or weekly digest, with the one-click unsubscribe that turns the digest off. */
export async function buildDigestEmail(
  config: EmailConfig,
  to: EmailRecipient,
  facts: DigestFacts,
): Promise<OutgoingEmail> {
  const words = wordsFor(to.language);
  const d = words.digest;
  const lounge = link(config, "/app/lounge");
  const text: string[] = [d.intro(dateIn(to.language, to.timezone)(facts.since)), ""];
  const html: string[] = [`<p style="font-size:16px">${escapeHtml(text[0])}</p>`];
  if (facts.unreadCount > 0) {
    const more = facts.unreadCount - facts.notifications.length;
    text.push(`${d.notifications(facts.unreadCount)}:`);
    for (const n of facts.notifications) text.push(`- ${n.line}: ${link(config, n.path)}`);
    if (more > 0) text.push(`  ${d.more(more)}`);
    text.push("");
    html.push(
      `<p><strong>${escapeHtml(d.notifications(facts.unreadCount))}</strong></p><ul>${facts.notifications
        .map((n) => `<li><a href="${escapeHtml(link(config, n.path))}">${escapeHtml(n.line)}</a></li>`)
        .join("")}${more > 0 ? `<li>${escapeHtml(d.more(more))}</li>` : ""}</ul>`,
    );
  }
  if (facts.postCount > 0) {
    text.push(`${d.posts(facts.postCount)}: ${lounge}`, "");
    html.push(`<p><a href="${escapeHtml(lounge)}">${escapeHtml(d.posts(facts.postCount))}</a></p>`);
  }
  if (facts.notices.length > 0) {
    text.push(`${d.notices}:`, ...facts.notices.map((n) => `- ${n.title}`), "");
    html.push(
      `<p><strong>${escapeHtml(d.notices)}</strong></p><ul>${facts.notices
        .map((n) => `<li>${escapeHtml(n.title)}</li>`)
        .join("")}</ul>`,
    );
  }
  text.push(`${words.open}: ${lounge}`);
  html.push(`<p><a href="${escapeHtml(lounge)}">${escapeHtml(words.open)}</a></p>`);
  return compose(
    config,
    to,
    { subject: d.subject(facts.period), text, html: html.join("\n") },
    {
      topic: "digest",
      why: d.why,
    },
  );
}
