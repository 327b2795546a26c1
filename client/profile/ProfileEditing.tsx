// The profile's edit mode: the name, bio and time zone fields and the goals' and interests' editors. Loaded
// when the member chooses Edit (ProfilePage, EntryListEditor); until then the page shows what they edit.
import { type KeyboardEvent, useId, useState } from "react";
import { LIMITS } from "../../worker/shared/rules";
import { TextArea, TextField } from "../components/Field";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { TEXT } from "../text";

export type Draft = { goals: string[]; interests: string[]; name: string; bio: string; timezone: string };

const timeZones = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  } catch {
    return [];
  }
})();

/** The name, bio and time zone being edited. */
export function DetailsFields({ draft, onChange }: { draft: Draft; onChange(next: Draft): void }) {
  const zonesId = useId();
  return (
    <>
      <TextField
        label={TEXT.profile.nameLabel}
        maxLength={LIMITS.nameMax}
        value={draft.name}
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
      />
      <TextArea
        label={TEXT.profile.bioLabel}
        rows={3}
        maxLength={LIMITS.bioMax}
        value={draft.bio}
        onChange={(e) => onChange({ ...draft, bio: e.target.value })}
      />
      <TextField
        label={TEXT.profile.timezoneLabel}
        list={zonesId}
        placeholder={TEXT.profile.timezonePlaceholder}
        maxLength={LIMITS.timezoneMax}
        value={draft.timezone}
        onChange={(e) => onChange({ ...draft, timezone: e.target.value })}
        after={
          <datalist id={zonesId}>
            {timeZones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        }
      />
    </>
  );
}

/** A list of goals or interests being edited: each entry a field with its remove button, and an add field. */
export function EntriesEditing({
  kind,
  entries,
  onChange,
}: {
  kind: "goal" | "interest";
  entries: string[];
  onChange: (next: string[]) => void;
}) {
  const words = kind === "goal" ? TEXT.profile.goals : TEXT.profile.interests;
  const [fresh, setFresh] = useState("");
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
              <Icon shape={ICON_SHAPES.close} weight={2.2} />
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
  );
}
