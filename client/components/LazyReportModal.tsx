// The report dialog, loaded when a member first opens it (a post's, a comment's or a message's menu):
// most visits never report, so its code stays out of the lounge's and the chat's first load.
import { onDemand } from "./on-demand";

// Its details field counts with the lounge's words, which the chat does not load.
export const LazyReportModal = onDemand(
  () => import("../moderation/ReportModal").then((m) => m.ReportModal),
  ["lounge", "reportDialog"],
);
