import { type KeyboardEvent, useId, useState } from "react";
import { LIMITS } from "../../worker/shared/rules";
import { Icon } from "../components/Icon";
import { TEXT } from "../text";

/** A list of free-text entries (goals or interests): read-only, or editable with add, edit and remove. */
export function EntryListEditor({
  kind,
  entries,
  editing,
  onChange,
}: {
  kind: "goal" | "interest";
  entries: string[];
  editing: boolean;
  onChange: (next: string[]) => void;
}) {
  const words = kind === "goal" ? TEXT.profile.goals : TEXT.profile.interests;
  const [fresh, setFresh] = useState("");
  const headingId = useId();
  const addId = useId();
  const full = entries.length >= LIMITS.profileEntriesMax;

  const add = () => {
    const text = fresh.trim();
    if (!text || full) return;
    onChange([...entries, text]);
    setFresh("");
  };
  const onAddKey = (e: KeyboardEvent) => {
    if (e.key === "Enter") {
      e.preventDefault();
      add();
    }
  };

  return (
    <section className="card entry-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{words.title}</h2>
      {!editing ? (
        entries.length ? (
          <ul className="entries" data-testid={`${kind}-list`}>
            {entries.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries are strings that may repeat.
              <li key={i}>{e}</li>
            ))}
          </ul>
        ) : (
          <p className="faint">{words.empty}</p>
        )
      ) : (
        <>
          <ul className="entries editing">
            {entries.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries are strings that may repeat.
              <li key={i} className="row">
                <input
                  className="input"
                  aria-label={words.entryLabel(i + 1)}
                  maxLength={LIMITS.profileEntryMax}
                  value={e}
                  onChange={(ev) => onChange(entries.map((x, j) => (j === i ? ev.target.value : x)))}
                  onKeyDown={(ev) => ev.key === "Enter" && ev.preventDefault()}
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-icon"
                  aria-label={words.remove(e || String(i + 1))}
                  onClick={() => onChange(entries.filter((_, j) => j !== i))}
                >
                  <Icon name="close" weight={2.2} />
                </button>
              </li>
            ))}
          </ul>
          <div className="row entry-add">
            <label htmlFor={addId} className="visually-hidden">
              {words.newLabel}
            </label>
            <input
              id={addId}
              className="input"
              placeholder={words.placeholder}
              maxLength={LIMITS.profileEntryMax}
              value={fresh}
              disabled={full}
              onChange={(e) => setFresh(e.target.value)}
              onKeyDown={onAddKey}
            />
            <button type="button" className="btn" onClick={add} disabled={!fresh.trim() || full}>
              {words.add}
            </button>
          </div>
          {full && <p className="faint">{words.full(LIMITS.profileEntriesMax)}</p>}
        </>
      )}
    </section>
  );
}
