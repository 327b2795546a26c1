import { Fragment } from "react";
import { mentionParts } from "../../worker/shared/mentions";

// http(s) URLs and bare www. addresses; trailing punctuation stays outside the link.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+[^\s<>"'.,;:!?)\]}]/gi;

const hrefOf = (raw: string) => (raw.toLowerCase().startsWith("www.") ? `https://${raw}` : raw);

/** The links of a text, in order, as absolute http(s) URLs. */
export function extractLinks(text: string): string[] {
  return Array.from(text.matchAll(URL_PATTERN), (m) => hrefOf(m[0]));
}

/**
 * Plain text with its URLs as links that open in a new tab and its mentions (worker/shared/mentions.ts)
 * as "@Name"; everything else stays text (no HTML).
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <Fragment>
      {mentionParts(text).map((part) =>
        "mention" in part ? (
          <span key={part.start} className="mention">
            @{part.mention}
          </span>
        ) : (
          <Links key={part.start} text={part.text} />
        ),
      )}
    </Fragment>
  );
}

function Links({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={hrefOf(match[0])} target="_blank" rel="noopener noreferrer">
        {match[0]}
      </a>,
    );
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
