import { useId } from "react";
import { onDemand } from "../components/on-demand";
import { TEXT } from "../text";

// The editing fields load when the member chooses Edit; the list shows meanwhile.
const EntriesEditing = onDemand(() => import("./ProfileEditing").then((m) => m.EntriesEditing));

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
  const headingId = useId();
  const list = entries.length ? (
    <ul className="entries" data-testid={`${kind}-list`}>
      {entries.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries are strings that may repeat.
        <li key={i}>{e}</li>
      ))}
    </ul>
  ) : (
    <p className="faint">{words.empty}</p>
  );

  return (
    <section className="card entry-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{words.title}</h2>
      {editing ? <EntriesEditing kind={kind} entries={entries} onChange={onChange} fallback={list} /> : list}
    </section>
  );
}
