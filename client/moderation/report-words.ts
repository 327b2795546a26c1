// The report dialog's words in English (a post's, a comment's or a message's report), loaded with the
// dialog and with the admin's reports queue, which names the reasons (client/i18n/language.ts WORDS:
// reportDialog). report-words.es.ts is the same in Spanish.
import { MODERATION_ANSWER_TEXTS } from "../../worker/shared/texts/moderation-answers";

export const words = {
  reportDialog: {
    reportSent: MODERATION_ANSWER_TEXTS.reportSent,
    alreadyReported: MODERATION_ANSWER_TEXTS.alreadyReported,
    reportTitle: { post: "Report this post", comment: "Report this comment", message: "Report this message" },
    reportIntro: "Tell the moderators what is wrong. The author will not know who reported it.",
    reasonLegend: "Reason",
    reasonOptions: { spam: "Spam", harassment: "Harassment", other: "Something else" },
    detailsLabel: "Details (optional)",
    sendReport: "Send report",
    sendingReport: "Sending report",
    reportFailed: "The report could not be sent. Please try again.",
  },
};
