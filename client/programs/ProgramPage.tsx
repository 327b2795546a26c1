// /app/programs/:id: the program, the member's progress, one clear "continue", the lessons in order (open, done,
// or the time they open), leaving, and the certificate once every lesson is done.
import { useFetcher, useLoaderData, useNavigate } from "react-router";
import { DEFAULT_NAME } from "../../worker/shared/rules";
import { formatDate } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { Link } from "../components/links";
import { PageTitle } from "../components/PageTitle";
import { ErrorState } from "../components/States";
import { type ActionResult, failureOf, submitJson, useSettled } from "../data/actions";
import { eventPath } from "../events/data";
import { memberZone } from "../events/time";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { AdminLessons, FunnelChart, ProgramCoverForm, ProgramForm } from "./AdminPrograms";
import { lessonPath, PROGRAMS_PATH, type programLoader, programPath } from "./data";
import { ProgramBadges, ProgramCover, ProgressBar } from "./ProgramsPage";
import { opensText } from "./time";
import "./programs.css";

export default function ProgramPage() {
  const T = TEXT.programs;
  const data = useLoaderData<typeof programLoader>();
  const navigate = useNavigate();
  const { user } = useSession();
  const write = useFetcher<ActionResult<unknown>>();
  const remove = useFetcher<ActionResult<unknown>>();
  // A deleted program's page is gone: back to the list.
  useSettled(remove, (result) => {
    if (result.ok) navigate(PROGRAMS_PATH);
  });
  if (!data.ok) {
    return (
      <div className="page programs">
        <Link to={PROGRAMS_PATH}>{T.back}</Link>
        <ErrorState text={data.error} onRetry={() => navigate(0)} />
      </div>
    );
  }
  const { program, lessons } = data;
  const zone = memberZone(user?.timezone);
  const path = programPath(program.id);
  // Continue with the first open lesson not done yet; else the first one.
  const next = lessons.find((l) => l.open && !l.done) ?? (program.enrolled ? undefined : lessons[0]);
  const error = failureOf(write);

  return (
    <div className="page programs">
      <PageTitle screen={program.title} />
      <Link to={PROGRAMS_PATH}>{T.back}</Link>
      <ProgramCover program={program} lazy={false} />
      <h1>{program.title}</h1>
      {program.summary && <p className="muted">{program.summary}</p>}
      <ProgramBadges program={program} />
      {program.starts_on && <p className="muted">{T.cohortStarts(formatDate(`${program.starts_on}T12:00:00Z`))}</p>}
      {data.membersOnly ? (
        <p className="card">
          {T.lockedForMembers} <Link to="/pricing">{T.seePricing}</Link>
        </p>
      ) : (
        <>
          {program.enrolled && <ProgressBar program={program} />}
          <div className="row program-actions">
            {!program.enrolled ? (
              <button
                type="button"
                className="btn btn-primary"
                disabled={write.state !== "idle"}
                onClick={() => void submitJson(write, path, { intent: "enrol", id: program.id })}
              >
                {T.enrol}
              </button>
            ) : (
              next && (
                <Link className="btn btn-primary" to={lessonPath(program.id, next.id)}>
                  {program.done_count === 0 ? T.start : T.continue}
                </Link>
              )
            )}
            {program.finished_at && (
              <button
                type="button"
                className="btn"
                onClick={() =>
                  void import("./certificate").then((m) =>
                    m.downloadCertificate(
                      {
                        memberName: user?.name?.trim() || DEFAULT_NAME,
                        programTitle: program.title,
                        finishedAt: program.finished_at ?? new Date().toISOString(),
                      },
                      program.id,
                    ),
                  )
                }
              >
                {T.certificate}
              </button>
            )}
            {program.enrolled && (
              <button
                type="button"
                className="btn btn-ghost"
                disabled={write.state !== "idle"}
                onClick={() => {
                  if (window.confirm(T.leaveConfirm(program.title)))
                    void submitJson(write, path, { intent: "leave", id: program.id });
                }}
              >
                {T.leave}
              </button>
            )}
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {user?.role === "admin" && (
            <div className="stack admin-program">
              <div className="row program-actions">
                <button
                  type="button"
                  className="btn"
                  disabled={write.state !== "idle"}
                  onClick={() =>
                    void submitJson(write, path, {
                      intent: "update-program",
                      id: program.id,
                      program: { published: !program.published },
                    })
                  }
                >
                  {program.published ? T.unpublish : T.publish}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => {
                    if (window.confirm(T.deleteProgramConfirm(program.title))) {
                      void submitJson(remove, PROGRAMS_PATH, { intent: "delete-program", id: program.id });
                    }
                  }}
                >
                  {T.deleteProgram}
                </button>
              </div>
              <ProgramForm key={program.id} program={program} />
              <ProgramCoverForm program={program} />
              <AdminLessons program={program} lessons={lessons} />
              {data.funnel && <FunnelChart programId={program.id} funnel={data.funnel} />}
            </div>
          )}
          {data.events.length > 0 && (
            <section aria-labelledby="program-events">
              <h2 id="program-events">{T.eventsHeading}</h2>
              <ul className="program-events">
                {data.events.map((event) => (
                  <li key={event.id} className="card row">
                    <Icon shape={ICON_SHAPES.calendar} size={16} />
                    <Link to={eventPath(event.id)}>{event.title}</Link>
                    <span className="muted">{formatDate(event.starts_at)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <h2>{T.lessonsHeading}</h2>
          <ol className="lesson-list">
            {lessons.map((lesson) => (
              <li key={lesson.id} className={`card lesson-item${lesson.open ? "" : " locked"}`}>
                <span className="muted">{T.lessonNumber(lesson.position)}</span>
                {lesson.open ? (
                  <Link to={lessonPath(program.id, lesson.id)}>{lesson.title}</Link>
                ) : (
                  <span>{lesson.title}</span>
                )}
                <span className="lesson-state">
                  {lesson.done ? (
                    <span className="badge badge-active">{T.done}</span>
                  ) : lesson.open ? (
                    <span className="badge badge-tag">{T.open}</span>
                  ) : (
                    <span className="with-icon muted">
                      <Icon shape={ICON_SHAPES.lock} size={14} />{" "}
                      {lesson.opens_at ? opensText(lesson.opens_at, zone) : T.locked}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
