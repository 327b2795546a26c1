// @mentions as stored: `@[Name](id)`, written by the autocomplete for the member it offered.
// The id decides who is mentioned (never a name matched afterwards, which anyone could copy); the name
// is how the mention read when written, and is what every screen shows ("@Name"). Text written before
// this format, a plain "@Name", stays plain text and notifies no one.

const TOKEN = String.raw`@\[([^\[\]\n]{1,200})\]\(([1-9]\d{0,14})\)`;

/** The stored form of a mention of member `id`, shown as `name` (brackets, which would end it, left out). */
export const mentionToken = (name: string, id: number) => `@[${name.replace(/[[\]]/g, "")}](${id})`;

/** The ids a text mentions, once each, in order. */
export function mentionedIds(text: string): number[] {
  return [...new Set(Array.from(text.matchAll(new RegExp(TOKEN, "g")), (m) => Number(m[2])))];
}

/** The text as it reads: each mention as "@Name". */
export const mentionsAsText = (text: string) => text.replace(new RegExp(TOKEN, "g"), "@$1");

/**
 * A text's length limit counts it as it reads (what the composer's counter showed), since its tokens
 * are longer than their "@Name"; in characters (code points), as zod's own max does. Validators also
 * cap the stored text at twice the limit.
 */
export const readsWithin = (max: number) => (text: string) => Array.from(mentionsAsText(text)).length <= max;

/** A run of the text (`start`: where it begins in it): plain, or a mention. */
export type TextPart = { start: number } & ({ text: string } | { mention: string; id: number });

/** The text cut into plain runs and mentions, for a screen that shows mentions apart. */
export function mentionParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(TOKEN, "g"))) {
    if (match.index > last) parts.push({ start: last, text: text.slice(last, match.index) });
    parts.push({ start: match.index, mention: match[1], id: Number(match[2]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ start: last, text: text.slice(last) });
  return parts;
}
