// Programs and lessons by title and text, for GET /api/programs/search and the app's search (GET /api/search): one
// query (searchProgramsQuery) and one reading of its rows through access.ts, so both answer with the same locks.
// Unpublished programs are the admins' only (the query's `visible`); a paid-only program's lessons are not shown to
// a member without paid access; a locked lesson is found by its title only and its text is never sent.
import type { Database } from "../../db/client";
import { membershipRow, membershipView } from "../../db/memberships";
import type { SessionMemberSql } from "../../db/sessions";
import { PROGRAM_LIMITS, type ProgramSearchResult } from "../../shared/programs";
import { hasPaidAccess } from "../../shared/rules";
import { lessonState, type Reader } from "./access";
import { searchProgramsQuery } from "./queries/programs";

const SNIPPET_CONTEXT = 60;

/** Plain text around the first match (the text is markdown; it is shown as text, never as HTML). */
function snippetOf(text: string, needle: string): string {
  const at = Math.max(0, text.toLowerCase().indexOf(needle));
  const from = Math.max(0, at - SNIPPET_CONTEXT);
  const to = Math.min(text.length, at + needle.length + SNIPPET_CONTEXT);
  return `${from > 0 ? "…" : ""}${text.slice(from, to).replace(/\s+/g, " ").trim()}${to < text.length ? "…" : ""}`;
}

/** The statements of a program search, for the session's batch: the member's membership and the candidates. */
export const programSearchStatements = (db: Database, member: SessionMemberSql, text: string) =>
  [membershipRow(db, member.id), searchProgramsQuery(db, member, text)] as const;

type Found = [Awaited<ReturnType<typeof membershipRow>>, Awaited<ReturnType<typeof searchProgramsQuery>>];

/** A result with the time its program or lesson was written (the app's search shows it). */
export type ProgramSearchHit = ProgramSearchResult & { created_at: string };

/** The rows of programSearchStatements as results the reader may see, programs before their lessons. */
export function programSearchResults(
  reader: Reader,
  [[membership], rows]: Found,
  text: string,
  now = Date.now(),
): ProgramSearchHit[] {
  const paid = hasPaidAccess(membershipView(reader, membership).status);
  const needle = text.toLowerCase();
  const results: ProgramSearchHit[] = [];
  const programsSeen = new Set<number>();
  for (const row of rows) {
    const program = row.program;
    if (!programsSeen.has(program.id)) {
      programsSeen.add(program.id);
      if (`${program.title}\n${program.summary}`.toLowerCase().includes(needle))
        results.push({
          kind: "program",
          id: program.id,
          program_id: program.id,
          title: program.title,
          snippet: program.summary ? snippetOf(program.summary, needle) : null,
          open: true,
          opens_at: null,
          created_at: program.createdAt.toISOString(),
        });
    }
    const lesson = row.lesson;
    if (lesson.id === null || (program.paidOnly && !paid)) continue;
    const state = lessonState(row, lesson.position - 1, lesson.opensOn, reader, now);
    const bodyHit = lesson.body.toLowerCase().includes(needle);
    if (!row.titleHit && !(state.open && bodyHit)) continue;
    results.push({
      kind: "lesson",
      id: lesson.id,
      program_id: program.id,
      title: lesson.title,
      snippet: state.open && bodyHit ? snippetOf(lesson.body, needle) : null,
      open: state.open,
      opens_at: state.opensAt === null ? null : new Date(state.opensAt).toISOString(),
      created_at: lesson.createdAt.toISOString(),
    });
  }
  return results.slice(0, PROGRAM_LIMITS.searchResults);
}
