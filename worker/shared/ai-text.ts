// docs/spec.md §5 rules for AI-generated notice text, shared by the worker (which applies them before
// sanitising) and the client (which applies them to whatever the server answers): one source of truth.
import { AI_NOTICE_DEFAULT_TITLE } from "./ai-rules";
import { LIMITS } from "./rules";

/** True when the text already carries paragraph or heading markup. */
export const hasBlockMarkup = (text: string) => /<(p|h[1-6])[\s>]/i.test(text);

/**
 * Content without paragraph or heading markup is wrapped in paragraphs: blank lines become paragraph
 * breaks and single newlines become line breaks. Content with such markup is returned trimmed.
 */
export function wrapParagraphs(content: string): string {
  const text = content.replace(/\r\n?/g, "\n").trim();
  if (!text || hasBlockMarkup(text)) return text;
  return text
    .split(/\n[ \t]*\n\s*/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${para.replace(/[ \t]*\n[ \t]*/g, "<br>")}</p>`)
    .join("");
}

/** The notice title: trimmed, 'AI Generated Notice' when blank, cut to 60 characters. */
export function noticeTitle(title: unknown): string {
  const text = typeof title === "string" ? title.trim() : "";
  return (text || AI_NOTICE_DEFAULT_TITLE).slice(0, LIMITS.aiNoticeTitleMax).trim();
}

/** A generated title line without markdown or label decoration: '# **Title:** "Full moon"' -> 'Full moon'. */
export function cleanTitleLine(line: string): string {
  return line
    .replace(/<[^>]*>/g, "")
    .replace(/^\s*#{1,6}\s*/, "")
    .replace(/[*_`]+/g, "")
    .replace(/^\s*(title|subject|headline)\s*:\s*/i, "")
    .replace(/^["'“‘«]+|["'”’»]+$/g, "")
    .trim();
}

/**
 * Splits a model's answer into its first non-empty line (the title, cleaned) and the rest (the body).
 * An answer of one line has no title: the whole text is the body.
 */
export function splitTitle(text: string): { title: string; body: string } {
  const lines = text.replace(/\r\n?/g, "\n").trim().split("\n");
  const first = lines.findIndex((l) => l.trim() !== "");
  if (first < 0) return { title: "", body: "" };
  const body = lines
    .slice(first + 1)
    .join("\n")
    .trim();
  if (!body) return { title: "", body: lines[first].trim() };
  return { title: cleanTitleLine(lines[first]), body };
}
