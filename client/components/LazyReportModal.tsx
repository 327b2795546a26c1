// The report dialog, loaded when a member first opens it (a post's, a comment's or a message's menu):
// most visits never report, so its code stays out of the lounge's and the chat's first load.
import { type ComponentProps, lazy, Suspense } from "react";
import { loadWords } from "../i18n/language";

// Its details field counts with the lounge's words, which the chat does not load.
const Loaded = lazy(() =>
  Promise.all([import("../moderation/ReportModal"), loadWords(["lounge"])]).then(([m]) => ({ default: m.ReportModal })),
);

export function LazyReportModal(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
