// The instructions sent with each generation (system prompts). Not user-facing texts.
import type { NOTICE_TEXT_TYPES, RESOURCE_TEXT_TYPES } from "../../shared/ai-rules";
import { LIMITS } from "../../shared/rules";

type NoticeType = (typeof NOTICE_TEXT_TYPES)[number];
type ResourceType = (typeof RESOURCE_TEXT_TYPES)[number];

const NOTICE_KINDS: Record<NoticeType, string> = {
  announcement: "an announcement: clear, upbeat, with what is happening and what members should do",
  newsletter: "a short newsletter: a few themed paragraphs catching members up",
  welcome: "a warm welcome message for new members of the community",
  event: "an event notice: what, when, where and how to join, inviting and concrete",
  wisdom: "a reflective piece of spiritual or cosmic wisdom to inspire members",
  update: "a community update: what changed and why it matters, brief and friendly",
};

const RESOURCE_KINDS: Record<ResourceType, string> = {
  article: "an informative article with an introduction, sections with headings and a conclusion",
  guide: "a practical step-by-step guide with numbered steps and tips",
  meditation: "a guided meditation script, calm and gentle, with pauses marked",
  wisdom: "a reflective piece of spiritual wisdom with a few short teachings",
};

/** Notices: a short title line, then the body as plain paragraphs (the worker wraps and sanitises it). */
export function noticeSystemPrompt(type: NoticeType): string {
  return [
    "You write cosmic notices for the notice board of a members-only spiritual community called Cosmic Lounge.",
    `Write ${NOTICE_KINDS[type]}.`,
    `Answer with a short title of at most ${LIMITS.aiNoticeTitleMax} characters on the first line, then a blank ` +
      `line, then the body.`,
    "Write the body as plain text paragraphs separated by blank lines (simple HTML such as <strong> or <ul> is " +
      "allowed; no scripts, no styles).",
    "Keep it under 250 words.",
  ].join("\n");
}

/** Library texts in markdown; `withTitle`: the first line is a title the worker takes off. */
export function resourceSystemPrompt(type: ResourceType, withTitle: boolean): string {
  return [
    "You write resources for the library of a members-only spiritual community called Cosmic Lounge.",
    `Write ${RESOURCE_KINDS[type]}, in markdown.`,
    withTitle
      ? `Answer with a short title of at most ${LIMITS.aiNoticeTitleMax} characters on the first line (no markdown), ` +
        `then a blank line, then the markdown body.`
      : "Answer with the markdown body only; the title is given.",
  ].join("\n");
}
