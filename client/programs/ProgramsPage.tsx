// /app/programs: the programs (cover, length, how lessons open, the member's progress) and the member's private
// practice log with its streak and weekly goal.
import { useState } from "react";
import { useLoaderData, useNavigate } from "react-router";
import type { ProgramDto } from "../../worker/shared/programs";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { Link } from "../components/links";
import { PageTitle } from "../components/PageTitle";
import { EmptyState, ErrorState } from "../components/States";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { ProgramForm } from "./AdminPrograms";
import { PROGRAMS_PATH, programPath, type programsLoader } from "./data";
import { PracticeLog } from "./PracticeLog";
import "./programs.css";

/**
 * The program's cover in a box of fixed proportions (nothing shifts while it loads); the list's are lazy but the
 * first, the program page's is not. Its text is the program's title.
 */
export function ProgramCover({ program, lazy }: { program: ProgramDto; lazy: boolean }) {
  if (!program.cover_url) return null;
  return (
    <img
      className="program-cover"
      src={program.cover_url}
      alt={program.title}
      loading={lazy ? "lazy" : "eager"}
      decoding="async"
      width={1600}
      height={900}
    />
  );
}

export function ProgressBar({ program }: { program: ProgramDto }) {
  const T = TEXT.programs;
  const percent = program.lesson_count ? Math.round((program.done_count / program.lesson_count) * 100) : 0;
  return (
    <div className="program-progress">
      <progress max={100} value={percent} aria-label={T.progressLabel} />
      <span className="muted">
        {T.progress(program.done_count, program.lesson_count)} · {T.percent(percent)}
      </span>
    </div>
  );
}

export function ProgramBadges({ program }: { program: ProgramDto }) {
  const T = TEXT.programs;
  return (
    <div className="row program-badges">
      {program.paid_only && (
        <span className="badge badge-pinned with-icon">
          <Icon shape={ICON_SHAPES.lock} size={14} /> {T.paidOnly}
        </span>
      )}
      <span className="badge badge-tag">{T.lessonCount(program.lesson_count)}</span>
      <span className="badge badge-tag">{T.unlock[program.unlock]}</span>
      {program.finished_at && <span className="badge badge-active">{T.finished}</span>}
    </div>
  );
}

export default function ProgramsPage() {
  const T = TEXT.programs;
  const data = useLoaderData<typeof programsLoader>();
  const navigate = useNavigate();
  const { user } = useSession();
  const [creating, setCreating] = useState(false);
  return (
    <div className="page programs">
      <PageTitle screen={T.title} />
      <div className="spread">
        <h1>{T.title}</h1>
        {user?.role === "admin" && (
          <button
            type="button"
            className="btn btn-primary"
            aria-expanded={creating}
            onClick={() => setCreating(!creating)}
          >
            {T.newProgram}
          </button>
        )}
      </div>
      <p className="muted">{T.intro}</p>
      {creating && <ProgramForm />}
      {!data.ok ? (
        <ErrorState text={data.error} onRetry={() => navigate(PROGRAMS_PATH, { replace: true })} />
      ) : (
        <>
          {data.programs.length === 0 ? (
            <EmptyState title={T.empty} icon={ICON_SHAPES.book} />
          ) : (
            <ul className="program-list">
              {data.programs.map((program, i) => (
                <li key={program.id} className="card program-card">
                  <ProgramCover program={program} lazy={i > 0} />
                  <h2>
                    <Link to={programPath(program.id)}>{program.title}</Link>
                  </h2>
                  {program.summary && <p className="muted">{program.summary}</p>}
                  <ProgramBadges program={program} />
                  {!program.published && <span className="badge badge-other">{T.draft}</span>}
                  {program.enrolled && <ProgressBar program={program} />}
                </li>
              ))}
            </ul>
          )}
          <PracticeLog practice={data.practice} />
        </>
      )}
    </div>
  );
}
