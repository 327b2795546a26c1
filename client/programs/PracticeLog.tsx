// The member's private practice log: minutes by day with an optional note and mood, the streak, and the week's
// minutes against the gentle goal they set. Only ever their own (the server answers nothing else).
import { useState } from "react";
import { useFetcher } from "react-router";
import { PRACTICE_MOODS, PROGRAM_LIMITS, type PracticeMood } from "../../worker/shared/programs";
import { formatDateIn } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { type ActionResult, failureOf, submitJson } from "../data/actions";
import { TEXT } from "../text";
import { PROGRAMS_PATH, type programsLoader } from "./data";

type Practice = Extract<Awaited<ReturnType<typeof programsLoader>>, { ok: true }>["practice"];

const DAY = { weekday: "short", day: "numeric", month: "short" } as const;
/** A local date ("2027-04-03") as the member reads it; noon UTC, so no zone moves it to another day. */
const dayText = (date: string) => formatDateIn(`${date}T12:00:00Z`, DAY, "UTC");

export function PracticeLog({ practice }: { practice: Practice }) {
  const T = TEXT.programs;
  const log = useFetcher<ActionResult<unknown>>();
  const goal = useFetcher<ActionResult<unknown>>();
  const remove = useFetcher<ActionResult<unknown>>();
  const [minutes, setMinutes] = useState("10");
  const [note, setNote] = useState("");
  const [mood, setMood] = useState<PracticeMood | "">("");
  const [goalMinutes, setGoalMinutes] = useState(String(practice.weekly_goal_minutes));
  const error = failureOf(log) ?? failureOf(goal) ?? failureOf(remove);

  const submitEntry = (e: React.FormEvent) => {
    e.preventDefault();
    void submitJson(log, PROGRAMS_PATH, {
      intent: "practice",
      entry: { minutes: Number(minutes), note: note.trim() || null, mood: mood || null },
    });
    setNote("");
  };

  return (
    <section className="card practice" aria-labelledby="practice-title">
      <h2 id="practice-title">{T.practiceTitle}</h2>
      <p className="muted">{T.practiceIntro}</p>
      <p className="row practice-figures">
        <strong>{T.streak(practice.streak_days)}</strong>
        <span>{T.week(practice.week_minutes, practice.weekly_goal_minutes)}</span>
      </p>
      <progress
        max={Math.max(1, practice.weekly_goal_minutes)}
        value={Math.min(practice.week_minutes, practice.weekly_goal_minutes)}
        aria-label={T.week(practice.week_minutes, practice.weekly_goal_minutes)}
      />
      <form className="practice-form" onSubmit={submitEntry}>
        <label>
          {T.minutes}
          <input
            type="number"
            inputMode="numeric"
            min={PROGRAM_LIMITS.practiceMinutesMin}
            max={PROGRAM_LIMITS.practiceMinutesMax}
            required
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </label>
        <label>
          {T.mood}
          <select value={mood} onChange={(e) => setMood(e.target.value as PracticeMood | "")}>
            <option value="">{T.noMood}</option>
            {PRACTICE_MOODS.map((m) => (
              <option key={m} value={m}>
                {T.moods[m]}
              </option>
            ))}
          </select>
        </label>
        <label className="practice-note">
          {T.note}
          <input
            type="text"
            maxLength={PROGRAM_LIMITS.practiceNoteMax}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={log.state !== "idle"}>
          {T.logPractice}
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {practice.entries.length === 0 ? (
        <p className="muted">{T.noPractice}</p>
      ) : (
        <ul className="practice-entries">
          {practice.entries.map((entry) => (
            <li key={entry.id} className="row">
              <span>{dayText(entry.practised_on)}</span>
              <strong>{T.minutesShort(entry.minutes)}</strong>
              {entry.mood && <span className="badge badge-tag">{T.moods[entry.mood]}</span>}
              {entry.note && <span className="muted practice-entry-note">{entry.note}</span>}
              <button
                type="button"
                className="btn btn-ghost btn-icon"
                aria-label={T.deleteEntry(entry.minutes, dayText(entry.practised_on))}
                onClick={() => void submitJson(remove, PROGRAMS_PATH, { intent: "delete-practice", id: entry.id })}
              >
                <Icon shape={ICON_SHAPES.close} size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="row practice-goal"
        onSubmit={(e) => {
          e.preventDefault();
          void submitJson(goal, PROGRAMS_PATH, { intent: "goal", minutes: Number(goalMinutes) });
        }}
      >
        <label>
          {T.weeklyGoal}
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={PROGRAM_LIMITS.weeklyGoalMaxMinutes}
            required
            value={goalMinutes}
            onChange={(e) => setGoalMinutes(e.target.value)}
          />
        </label>
        <button type="submit" className="btn" disabled={goal.state !== "idle"}>
          {T.saveGoal}
        </button>
      </form>
    </section>
  );
}
