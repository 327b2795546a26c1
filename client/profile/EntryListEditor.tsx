import { useId, useState, type KeyboardEvent } from "react";
import { LIMITS } from "../../worker/shared/rules";

/** A list of free-text entries (goals or interests): read-only, or editable with add, edit and remove. */
export function EntryListEditor({ title, noun, entries, editing, onChange }: { title: string; noun: string; entries: string[]; editing: boolean; onChange: (next: string[]) => void }) {
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
      <h2 id={headingId}>{title}</h2>
      {!editing ? (
        entries.length ? (
          <ul className="entries" data-testid={`${noun}-list`}>
            {entries.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        ) : (
          <p className="faint">No {noun}s yet. Choose Edit Profile to add some.</p>
        )
      ) : (
        <>
          <ul className="entries editing">
            {entries.map((e, i) => (
              <li key={i} className="row">
                <input
                  className="input"
                  aria-label={`${title} ${i + 1}`}
                  maxLength={LIMITS.profileEntryMax}
                  value={e}
                  onChange={(ev) => onChange(entries.map((x, j) => (j === i ? ev.target.value : x)))}
                  onKeyDown={(ev) => ev.key === "Enter" && ev.preventDefault()}
                />
                <button type="button" className="btn btn-ghost btn-icon" aria-label={`Remove ${noun}: ${e || i + 1}`} onClick={() => onChange(entries.filter((_, j) => j !== i))}>
                  ✕
                </button>
              </li>
            ))}
          </ul>
          <div className="row entry-add">
            <label htmlFor={addId} className="visually-hidden">
              New {noun}
            </label>
            <input id={addId} className="input" placeholder={`Add ${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`} maxLength={LIMITS.profileEntryMax} value={fresh} disabled={full} onChange={(e) => setFresh(e.target.value)} onKeyDown={onAddKey} />
            <button type="button" className="btn" onClick={add} disabled={!fresh.trim() || full}>
              Add {noun}
            </button>
          </div>
          {full && <p className="faint">At most {LIMITS.profileEntriesMax} {noun}s.</p>}
        </>
      )}
    </section>
  );
}
