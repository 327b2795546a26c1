// The words of the admin's audit and health tabs in English, loaded with those tabs (client/i18n/language.ts WORDS;
// docs/client.md "Words"). tabs-words.es.ts is the same in Spanish.
import type { AuditAction } from "../../worker/shared/rules";

export const words = {
  audit: {
    title: "Audit log",
    intro:
      "Every admin action, newest first, with who did it and a short before and after. Nothing here can be changed or deleted.",
    filtersLabel: "Filter the audit log",
    actionFilter: "Action",
    actorFilter: "Admin",
    all: "All",
    exportCsv: "Export CSV",
    empty: "No entries match.",
    loadFailed: "Could not load the audit log.",
    loading: "Loading the audit log",
    columns: { time: "When", actor: "Who", action: "Action", target: "Target", change: "Before → after" },
    formerActor: (id: number) => `Former member #${id}`,
    target: (type: string, id: string | null) => (id ? `${type} #${id}` : type),
    none: "—",
    actionLabels: {
      "member.add": "Member added",
      "member.role_change": "Role changed",
      "member.remove": "Member removed",
      "member.mute": "Member muted",
      "member.unmute": "Member unmuted",
      "report.hide": "Content hidden",
      "report.dismiss": "Report dismissed",
      "notice.create": "Notice created",
      "notice.delete": "Notice deleted",
      "payment.delete": "Payment deleted",
      "payment.clear_all": "All payments cleared",
      "payment.refund": "Payment refunded",
      "ai.key_test": "AI keys tested",
      "event.create": "Gathering created",
      "event.update": "Gathering edited",
      "event.cancel": "Gathering cancelled",
    } satisfies Record<AuditAction, string>,
  },
  health: {
    title: "System health",
    intro:
      "Checks the database, file storage, chat, payments and each configured AI provider, with how long each took.",
    run: "Run health check",
    running: "Checking",
    allOk: "Everything is answering.",
    someDown: "Something is not answering: see the rows marked Down.",
    failed: "The health check could not be run.",
    up: "Up",
    down: "Down",
    checkedAt: (when: string) => `Checked at ${when}`,
    latency: (ms: number | null) => (ms === null ? "configuration" : `${ms} ms`),
    names: {
      d1: "Database (D1)",
      r2: "File storage (R2)",
      chat_durable_object: "Chat (Durable Object)",
      payments: "Payments",
    } as Record<string, string>,
    aiProvider: (name: string) => `AI: ${name}`,
  },
};
