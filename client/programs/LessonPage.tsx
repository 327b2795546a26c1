// /app/programs/:id/lessons/:lessonId: the lesson's text (sanitised HTML from the server), its audio or video
// (streamed with ranges, resumed where the member left it: the position is saved every few seconds while playing,
// on pause and on leaving), "mark as done", previous/next and when the next one opens.
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLoaderData, useNavigate } from "react-router";
import { PROGRAM_LIMITS } from "../../worker/shared/programs";
import { api } from "../api";
import { Link } from "../components/links";
import { PageTitle } from "../components/PageTitle";
import { ErrorState } from "../components/States";
import { type ActionResult, failureOf, submitJson } from "../data/actions";
import { memberZone } from "../events/time";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { type lessonLoader, lessonPath, PROGRAMS_PATH, programPath } from "./data";
import { isSavedOffline, offlineSupported, removeOffline, saveOffline } from "./offline";
import { clock, opensText } from "./time";
import "./programs.css";

type Loaded = Extract<Awaited<ReturnType<typeof lessonLoader>>, { ok: true }>;

/** Saves the position (whole seconds); `keepalive` lets the request outlive a page being left. */
function savePosition(lessonId: number, seconds: number, keepalive = false) {
  return api.lessons[":id"].progress.$put(
    { param: { id: String(lessonId) }, json: { position_seconds: Math.floor(seconds) } },
    { init: { keepalive } },
  );
}

function Player({ data }: { data: Loaded }) {
  const T = TEXT.programs;
  const { lesson, program } = data;
  const media = useRef<HTMLAudioElement & HTMLVideoElement>(null);
  const saved = useRef(lesson.position_seconds);
  const [resumedAt, setResumedAt] = useState<number | null>(null);

  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const canSave = program.enrolled;
    const save = (keepalive = false) => {
      const now = Math.floor(element.currentTime);
      if (!canSave || now === saved.current) return;
      saved.current = now;
      void savePosition(lesson.id, now, keepalive).catch(() => undefined);
    };
    const onLoaded = () => {
      if (lesson.position_seconds > 0 && lesson.position_seconds < (element.duration || Number.POSITIVE_INFINITY)) {
        element.currentTime = lesson.position_seconds;
        setResumedAt(lesson.position_seconds);
      }
    };
    const onPlay = () => {
      if ("mediaSession" in navigator && typeof MediaMetadata !== "undefined") {
        navigator.mediaSession.metadata = new MediaMetadata({
          title: lesson.title,
          artist: program.title,
          album: TEXT.common.brand,
          artwork: [{ src: "/icon-512.png", sizes: "512x512", type: "image/png" }],
        });
      }
    };
    const onPause = () => save();
    const timer = window.setInterval(() => {
      if (!element.paused) save();
    }, PROGRAM_LIMITS.progressSaveMs);
    const onHide = () => save(true);
    element.addEventListener("loadedmetadata", onLoaded);
    element.addEventListener("play", onPlay);
    element.addEventListener("pause", onPause);
    element.addEventListener("seeked", onPause);
    window.addEventListener("pagehide", onHide);
    if (element.readyState >= 1) onLoaded();
    return () => {
      save(true);
      window.clearInterval(timer);
      element.removeEventListener("loadedmetadata", onLoaded);
      element.removeEventListener("play", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("seeked", onPause);
      window.removeEventListener("pagehide", onHide);
    };
  }, [lesson.id, lesson.position_seconds, lesson.title, program.title, program.enrolled]);

  if (!lesson.media_url || !lesson.media) return null;
  return (
    <div className="lesson-player">
      {lesson.media.kind === "video" ? (
        // biome-ignore lint/a11y/useMediaCaption: lessons are uploaded without caption tracks yet.
        <video ref={media} controls preload="metadata" src={lesson.media_url} aria-label={T.videoLabel(lesson.title)} />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: an audio lesson's words are its text below.
        <audio ref={media} controls preload="metadata" src={lesson.media_url} aria-label={T.audioLabel(lesson.title)} />
      )}
      {lesson.media.kind === "audio" && <OfflineButton url={lesson.media_url} />}
      {resumedAt !== null && (
        <p className="muted" aria-live="polite" data-testid="resumed">
          {T.resumed(clock(resumedAt))}
        </p>
      )}
    </div>
  );
}

/** Keeps (or drops) the audio in the service worker's cache for listening offline. */
function OfflineButton({ url }: { url: string }) {
  const T = TEXT.programs;
  const [saved, setSaved] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void isSavedOffline(url).then((s) => live && setSaved(s));
    return () => {
      live = false;
    };
  }, [url]);
  if (!offlineSupported() || saved === null) return null;
  const toggle = async () => {
    setFailed(false);
    try {
      if (saved) await removeOffline(url);
      else await saveOffline(url);
      setSaved(!saved);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="row lesson-offline">
      <button type="button" className="btn" aria-pressed={saved} onClick={() => void toggle()}>
        {saved ? T.removeOffline : T.saveOffline}
      </button>
      {saved && <span className="badge badge-active">{T.savedOffline}</span>}
      {failed && (
        <span className="form-error" role="alert">
          {T.offlineFailed}
        </span>
      )}
    </div>
  );
}

export default function LessonPage() {
  const T = TEXT.programs;
  const data = useLoaderData<typeof lessonLoader>();
  const navigate = useNavigate();
  const { user } = useSession();
  const done = useFetcher<ActionResult<unknown>>();
  if (!data.ok) {
    return (
      <div className="page programs">
        <Link to={PROGRAMS_PATH}>{T.back}</Link>
        <ErrorState text={data.error} onRetry={() => navigate(0)} />
      </div>
    );
  }
  const { lesson, lessons, program } = data;
  const zone = memberZone(user?.timezone);
  const next = lessons.find((l) => l.id === lesson.next_id);
  const path = lessonPath(program.id, lesson.id);
  const error = failureOf(done);
  return (
    <div className="page programs lesson-page">
      <PageTitle screen={lesson.title} />
      <Link to={programPath(program.id)}>{T.backToProgram(program.title)}</Link>
      <p className="muted">{T.lessonNumber(lesson.position)}</p>
      <h1>{lesson.title}</h1>
      <Player key={lesson.id} data={data} />
      {lesson.body_html && (
        // Sanitised on the server (worker/platform/sanitize-html.ts), as notices and event descriptions are.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the server.
        <div className="lesson-body" dangerouslySetInnerHTML={{ __html: lesson.body_html }} />
      )}
      {program.enrolled && (
        <div className="row lesson-done">
          <button
            type="button"
            className={lesson.done ? "btn" : "btn btn-primary"}
            aria-pressed={lesson.done}
            disabled={done.state !== "idle"}
            onClick={() => void submitJson(done, path, { intent: "done", lessonId: lesson.id, done: !lesson.done })}
          >
            {lesson.done ? T.undo : T.markDone}
          </button>
          {lesson.done && <span className="badge badge-active">{T.markedDone}</span>}
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {next && !next.open && next.opens_at && (
        <p className="card lesson-next" data-testid="next-opens">
          {T.nextOpens(next.title, opensText(next.opens_at, zone))}
        </p>
      )}
      <nav className="row lesson-nav" aria-label={T.lessonsHeading}>
        {lesson.previous_id && (
          <Link className="btn" to={lessonPath(program.id, lesson.previous_id)}>
            {T.previous}
          </Link>
        )}
        {next?.open && (
          <Link className="btn" to={lessonPath(program.id, next.id)}>
            {T.next}
          </Link>
        )}
      </nav>
    </div>
  );
}
