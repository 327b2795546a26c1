// What admins manage of programs: the program's fields (create, edit, publish, delete), its lessons (add with
// media, reorder with buttons a keyboard reaches, remove) and its figures (a funnel chart and its CSV).
import { useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import type { FunnelRow, LessonSummaryDto, ProgramDto } from "../../worker/shared/programs";
import { PROGRAM_LIMITS, UNLOCK_MODES, type UnlockMode } from "../../worker/shared/programs";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { type ActionResult, failureOf, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import type { ProgramInput } from "./actions";
import { PROGRAMS_PATH, programPath } from "./data";
import { PROGRAM_ICONS } from "./icon-shapes";

export function ProgramForm({ program, onDone }: { program?: ProgramDto; onDone?: () => void }) {
  const T = TEXT.programs;
  const save = useFetcher<ActionResult<{ program: ProgramDto }>>();
  const navigate = useNavigate();
  const [title, setTitle] = useState(program?.title ?? "");
  const [summary, setSummary] = useState(program?.summary ?? "");
  const [unlock, setUnlock] = useState<UnlockMode>(program?.unlock ?? "all");
  const [startsOn, setStartsOn] = useState(program?.starts_on ?? "");
  const [timeZone, setTimeZone] = useState(program?.time_zone ?? "America/Santiago");
  const [paidOnly, setPaidOnly] = useState(program?.paid_only ?? false);
  const [published, setPublished] = useState(program?.published ?? false);
  useSettled(save, (result) => {
    if (!result.ok) return;
    onDone?.();
    if (!program) navigate(programPath(result.value.program.id));
  });
  const fields: ProgramInput = {
    title,
    summary,
    unlock,
    time_zone: timeZone,
    starts_on: startsOn || null,
    paid_only: paidOnly,
    published,
  };
  const id = program ? `program-form-${program.id}` : "program-form-new";
  return (
    <form
      className="card stack program-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (program)
          void submitJson(save, programPath(program.id), { intent: "update-program", id: program.id, program: fields });
        else void submitJson(save, PROGRAMS_PATH, { intent: "create-program", program: fields });
      }}
    >
      <h2 id={`${id}-title`}>{program ? T.editProgram : T.newProgram}</h2>
      <label>
        {T.titleLabel}
        <input required maxLength={PROGRAM_LIMITS.titleMax} value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label>
        {T.summaryLabel}
        <textarea maxLength={PROGRAM_LIMITS.summaryMax} value={summary} onChange={(e) => setSummary(e.target.value)} />
      </label>
      <label>
        {T.unlockLabel}
        <select value={unlock} onChange={(e) => setUnlock(e.target.value as UnlockMode)}>
          {UNLOCK_MODES.map((m) => (
            <option key={m} value={m}>
              {T.unlock[m]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {T.startsOnLabel}
        <input type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
      </label>
      <label>
        {T.timeZoneLabel}
        <input value={timeZone} onChange={(e) => setTimeZone(e.target.value)} />
      </label>
      <label className="row">
        <input type="checkbox" checked={paidOnly} onChange={(e) => setPaidOnly(e.target.checked)} /> {T.paidOnlyLabel}
      </label>
      <label className="row">
        <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} />{" "}
        {T.publishedLabel}
      </label>
      {failureOf(save) && (
        <p className="form-error" role="alert">
          {failureOf(save)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={save.state !== "idle"}>
        {program ? T.save : T.create}
      </button>
    </form>
  );
}

/** The program's cover: upload an image (it replaces the one there) or remove it. */
export function ProgramCoverForm({ program }: { program: ProgramDto }) {
  const T = TEXT.programs;
  const upload = useFetcher<ActionResult<unknown>>();
  const remove = useFetcher<ActionResult<unknown>>();
  const form = useRef<HTMLFormElement>(null);
  useSettled(upload, (result) => {
    if (result.ok) form.current?.reset();
  });
  const path = programPath(program.id);
  const error = failureOf(upload) ?? failureOf(remove);
  return (
    <section className="card stack" aria-labelledby="program-cover-heading">
      <h2 id="program-cover-heading">{T.coverHeading}</h2>
      {program.cover_url ? (
        <img
          className="program-cover program-cover-preview"
          src={program.cover_url}
          alt={T.coverCurrent}
          width={1600}
          height={900}
        />
      ) : (
        <p className="muted">{T.coverNone}</p>
      )}
      <upload.Form ref={form} method="post" action={path} encType="multipart/form-data" className="stack">
        <input type="hidden" name="intent" value="cover" />
        <input type="hidden" name="program_id" value={program.id} />
        <label>
          {T.coverLabel}
          <input type="file" name="file" required accept="image/png,image/jpeg,image/webp" />
        </label>
        <div className="row program-actions">
          <button type="submit" className="btn btn-primary" disabled={upload.state !== "idle"}>
            {T.coverUpload}
          </button>
          {program.cover_url && (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={remove.state !== "idle"}
              onClick={() => void submitJson(remove, path, { intent: "remove-cover", id: program.id })}
            >
              {T.coverRemove}
            </button>
          )}
        </div>
      </upload.Form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

export function AdminLessons({ program, lessons }: { program: ProgramDto; lessons: LessonSummaryDto[] }) {
  const T = TEXT.programs;
  const write = useFetcher<ActionResult<unknown>>();
  const add = useFetcher<ActionResult<unknown>>();
  const addForm = useRef<HTMLFormElement>(null);
  // A lesson added: the form is empty for the next one.
  useSettled(add, (result) => {
    if (result.ok) addForm.current?.reset();
  });
  const path = programPath(program.id);
  const move = (index: number, by: number) => {
    const ids = lessons.map((l) => l.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved);
    void submitJson(write, path, { intent: "reorder", id: program.id, ids });
  };
  const error = failureOf(write) ?? failureOf(add);
  return (
    <section className="card stack" aria-labelledby="admin-lessons">
      <h2 id="admin-lessons">{T.manage}</h2>
      <ol className="lesson-list">
        {lessons.map((lesson, i) => (
          <li key={lesson.id} className="row admin-lesson">
            <span className="admin-lesson-title">{lesson.title}</span>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={i === 0 || write.state !== "idle"}
              aria-label={T.moveUp(lesson.title)}
              onClick={() => move(i, -1)}
            >
              <Icon shape={PROGRAM_ICONS.up} size={16} />
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={i === lessons.length - 1 || write.state !== "idle"}
              aria-label={T.moveDown(lesson.title)}
              onClick={() => move(i, 1)}
            >
              <Icon shape={PROGRAM_ICONS.down} size={16} />
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label={T.removeLesson(lesson.title)}
              onClick={() => {
                if (window.confirm(T.removeLessonConfirm(lesson.title)))
                  void submitJson(write, path, { intent: "delete-lesson", id: lesson.id });
              }}
            >
              <Icon shape={ICON_SHAPES.close} size={16} />
            </button>
          </li>
        ))}
      </ol>
      <add.Form ref={addForm} method="post" action={path} encType="multipart/form-data" className="stack">
        <h3>{T.addLesson}</h3>
        <input type="hidden" name="program_id" value={program.id} />
        <label>
          {T.lessonTitleLabel}
          <input name="title" required maxLength={PROGRAM_LIMITS.titleMax} />
        </label>
        <label>
          {T.lessonBodyLabel}
          <textarea name="body" maxLength={PROGRAM_LIMITS.lessonBodyMax} rows={5} />
        </label>
        {program.unlock === "dates" && (
          <label>
            {T.opensOnLabel}
            <input type="date" name="opens_on" />
          </label>
        )}
        <label>
          {T.durationLabel}
          <input type="number" name="duration_seconds" min={0} max={PROGRAM_LIMITS.durationMaxSeconds} />
        </label>
        <label>
          {T.mediaLabel}
          <input
            type="file"
            name="file"
            accept="audio/mpeg,audio/mp4,audio/ogg,audio/webm,video/mp4,video/webm,.mp3,.m4a,.ogg,.webm,.mp4"
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={add.state !== "idle"}>
          {T.addLesson}
        </button>
      </add.Form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

export type Funnel = { enrolled: number; active_7d: number; finished: number; lessons: FunnelRow[] };

/** The figures and the funnel: a bar per lesson (reached, and done inside it), the same numbers as a table. */
export function FunnelChart({ programId, funnel }: { programId: number; funnel: Funnel }) {
  const T = TEXT.programs;
  const most = Math.max(1, funnel.enrolled, ...funnel.lessons.map((l) => l.reached));
  return (
    <section className="card stack" aria-labelledby="program-figures">
      <h2 id="program-figures">{T.figures}</h2>
      <p className="row program-figures">
        <span>{T.enrolledCount(funnel.enrolled)}</span>
        <span>{T.activeCount(funnel.active_7d)}</span>
        <span>{T.finishedCount(funnel.finished)}</span>
      </p>
      <div className="funnel-bars" aria-hidden="true">
        {funnel.lessons.map((l) => (
          <div key={l.lesson_id} className="funnel-bar">
            <span className="funnel-reached" style={{ width: `${(l.reached / most) * 100}%` }}>
              <span className="funnel-done" style={{ width: `${l.reached ? (l.done / l.reached) * 100 : 0}%` }} />
            </span>
          </div>
        ))}
      </div>
      <table className="funnel-table">
        <caption>{T.funnelCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.lessonColumn}</th>
            <th scope="col">{T.reached}</th>
            <th scope="col">{T.doneColumn}</th>
          </tr>
        </thead>
        <tbody>
          {funnel.lessons.map((l) => (
            <tr key={l.lesson_id}>
              <th scope="row">
                {l.position}. {l.title}
              </th>
              <td>{l.reached}</td>
              <td>{l.done}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <a className="btn" href={`/api/admin/programs/${programId}/funnel?format=csv`} download>
        {T.downloadCsv}
      </a>
    </section>
  );
}
