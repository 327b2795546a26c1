// The admins' form for a gathering, new or edited (one form: a new gathering is one without an event
// yet), in a dialog. Times are the event zone's wall-clock times (datetime-local), which the server turns
// into instants. The cover is changed after the gathering is saved, in the same submission.
import { type ChangeEvent, type FormEvent, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { IMAGE_MODELS } from "../../worker/shared/ai-rules";
import { EVENT_DEFAULT_TIME_ZONE, EVENT_LIMITS, type EventDto, type EventRepeat } from "../../worker/shared/events";
import { LIMITS } from "../../worker/shared/rules";
import { api, unwrap } from "../api";
import { imageUnavailableReason, useAiCapabilities } from "../components/ai";
import { Select, TextArea, TextField } from "../components/Field";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { Spinner } from "../components/Spinner";
import { type ActionResult, failureOf, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { type CoverChange, type EventInput, eventSubmission, type SavedEvent } from "./actions";

type Form = {
  title: string;
  description: string;
  start_local: string;
  end_local: string;
  time_zone: string;
  location: "online" | "in_person";
  place: string;
  meeting_url: string;
  capacity: string;
  paid_only: boolean;
  /** A cohort's event: its program's id ("": everyone's). */
  program_id: string;
  repeat: "" | EventRepeat;
  repeat_until: string;
};

/** The form's fields for a gathering (a new one: empty, in the default zone). */
const formOf = (e?: EventDto): Form => ({
  title: e?.title ?? "",
  description: e?.description ?? "",
  start_local: e?.start_local ?? "",
  end_local: e?.end_local ?? "",
  time_zone: e?.time_zone ?? EVENT_DEFAULT_TIME_ZONE,
  location: e?.location ?? "online",
  place: e?.place ?? "",
  meeting_url: e?.meeting_url ?? "",
  capacity: e?.capacity == null ? "" : String(e.capacity),
  paid_only: e?.paid_only ?? false,
  program_id: e?.program_id == null ? "" : String(e.program_id),
  repeat: e?.repeat ?? "",
  repeat_until: e?.repeat_until ?? "",
});

const toInput = (f: Form): EventInput => ({
  ...f,
  place: f.place.trim() || null,
  meeting_url: f.meeting_url.trim() || null,
  capacity: f.capacity ? Number(f.capacity) : null,
  program_id: f.program_id ? Number(f.program_id) : null,
  repeat: f.repeat || null,
  repeat_until: f.repeat ? f.repeat_until : null,
});

/** The programs an event may belong to (the newest page of them); none while loading or if they cannot be read. */
function useProgramChoices() {
  const [programs, setPrograms] = useState<{ id: number; title: string }[]>([]);
  useEffect(() => {
    let live = true;
    unwrap(api.programs.$get({ query: {} }))
      .then((answer) => live && setPrograms(answer.programs.map(({ id, title }) => ({ id, title }))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return programs;
}

type CoverSource = "keep" | "upload" | "generate" | "remove";
type ImageModel = (typeof IMAGE_MODELS)[number];
const MODEL_NAMES: Record<ImageModel, string> = { openai: "OpenAI", gemini: "Gemini", straico: "Straico" };

/** The cover's part of the form: keep it, upload a file, generate one with AI, or remove it. */
function CoverFields({
  event,
  source,
  onSource,
  onFile,
  prompt,
  onPrompt,
  model,
  onModel,
}: {
  event?: EventDto;
  source: CoverSource;
  onSource: (source: CoverSource) => void;
  onFile: (file: File | null) => void;
  prompt: string;
  onPrompt: (prompt: string) => void;
  model: ImageModel;
  onModel: (model: ImageModel) => void;
}) {
  const T = TEXT.events.cover;
  const capabilities = useAiCapabilities();
  const unavailable = imageUnavailableReason(capabilities.caps, model);
  const choose = (e: ChangeEvent<HTMLSelectElement>) => {
    const next = e.target.value as CoverSource;
    if (next === "generate") capabilities.load();
    onSource(next);
  };
  return (
    <fieldset className="event-cover-fields stack">
      <Select label={T.label} value={source} onChange={choose}>
        <option value="keep">{event?.cover_url ? T.keep : T.none}</option>
        <option value="upload">{T.upload}</option>
        <option value="generate">{T.generate}</option>
        {event?.cover_url && <option value="remove">{T.remove}</option>}
      </Select>
      {event?.cover_url && source === "keep" && (
        <img className="event-cover event-cover-preview" src={event.cover_url} alt={T.current} />
      )}
      {source === "upload" && (
        <TextField
          label={T.file}
          hint={T.fileHint(LIMITS.eventCoverMaxBytes / (1024 * 1024))}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      )}
      {source === "generate" && (
        <div className="event-form-row">
          <TextField
            label={T.prompt}
            required
            maxLength={LIMITS.aiPromptMax}
            value={prompt}
            onChange={(e) => onPrompt(e.target.value)}
          />
          <Select
            label={T.model}
            hint={unavailable}
            value={model}
            options={IMAGE_MODELS}
            optionLabels={MODEL_NAMES}
            onValue={onModel}
          />
        </div>
      )}
    </fieldset>
  );
}

export function EventFormModal({
  action,
  event,
  onClose,
  onSaved,
}: {
  /** The route the form submits to (the list for a new event, the event's page for an edit). */
  action: string;
  event?: EventDto;
  onClose: () => void;
  onSaved: (saved: EventDto) => void;
}) {
  const T = TEXT.events.form;
  // The gathering being edited: once a new one is saved (and only its cover failed), the form edits it.

  const [current, setCurrent] = useState(event);
  const [coverError, setCoverError] = useState<string | null>(null);
  const [form, setForm] = useState<Form>(formOf(event));
  const programs = useProgramChoices();
  const [source, setSource] = useState<CoverSource>("keep");
  const [file, setFile] = useState<File | null>(null);
  const [prompt, setPrompt] = useState("");
  const [model, setModel] = useState<ImageModel>("openai");
  const save = useFetcher<ActionResult<SavedEvent>>();
  const busy = save.state !== "idle";
  useSettled(save, (answer) => {
    if (!answer.ok) return;
    if (!answer.value.coverError) return onSaved(answer.value.event);
    setCurrent(answer.value.event);
    setCoverError(answer.value.coverError);
  });
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  /** A text control's value and change handler. */
  const text = (key: { [K in keyof Form]: Form[K] extends string ? K : never }[keyof Form]) => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(key)(e.target.value as Form[typeof key]),
  });

  const coverChange = (): CoverChange | null => {
    if (source === "upload" && file) return { kind: "upload", file };
    if (source === "generate") return { kind: "generate", prompt: prompt.trim(), model };
    if (source === "remove") return { kind: "remove" };
    return null;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // Checked here rather than with `required`, which a file input chosen by a script never satisfies.
    if (source === "upload" && !file) return setCoverError(TEXT.events.cover.fileMissing);
    setCoverError(null);
    void save.submit(eventSubmission(current?.id, toInput(form), coverChange()), {
      method: "post",
      action,
      encType: "multipart/form-data",
    });
  };

  return (
    <Modal title={current ? TEXT.events.editTitle : TEXT.events.newEvent} onClose={onClose} wide>
      <form onSubmit={submit} className="stack event-form">
        <FormError error={failureOf(save) ?? coverError} />
        <TextField label={T.title} required maxLength={EVENT_LIMITS.titleMax} {...text("title")} />
        <TextArea
          label={T.description}
          hint={T.descriptionHint}
          maxLength={EVENT_LIMITS.descriptionMax}
          {...text("description")}
        />
        <div className="event-form-row">
          <TextField label={T.start} type="datetime-local" required {...text("start_local")} />
          <TextField label={T.end} type="datetime-local" required {...text("end_local")} />
        </div>
        <div className="event-form-row">
          <Select label={T.repeat} {...text("repeat")}>
            <option value="">{T.repeatNever}</option>
            <option value="weekly">{T.repeatWeekly}</option>
            <option value="monthly">{T.repeatMonthly}</option>
          </Select>
          {form.repeat && <TextField label={T.repeatUntil} type="date" required {...text("repeat_until")} />}
        </div>
        <TextField
          label={T.timeZone}
          hint={T.timeZoneHint}
          required
          maxLength={LIMITS.timezoneMax}
          {...text("time_zone")}
        />
        <Select label={T.location} {...text("location")}>
          <option value="online">{TEXT.events.online}</option>
          <option value="in_person">{TEXT.events.inPerson}</option>
        </Select>
        <TextField
          label={T.place}
          required={form.location === "in_person"}
          maxLength={EVENT_LIMITS.placeMax}
          {...text("place")}
        />
        <TextField
          label={T.meetingUrl}
          hint={T.meetingUrlHint}
          type="url"
          maxLength={LIMITS.urlMax}
          {...text("meeting_url")}
        />
        <TextField
          label={T.capacity}
          hint={T.capacityHint}
          type="number"
          min={1}
          max={EVENT_LIMITS.capacityMax}
          {...text("capacity")}
        />
        <label className="checkbox">
          <input type="checkbox" checked={form.paid_only} onChange={(e) => set("paid_only")(e.target.checked)} />
          {T.paidOnly}
        </label>
        <Select
          label={T.program}
          hint={T.programHint}
          value={form.program_id}
          options={["", ...programs.map((p) => String(p.id))]}
          optionLabels={Object.fromEntries([["", T.programNone], ...programs.map((p) => [String(p.id), p.title])])}
          onValue={set("program_id")}
        />
        <CoverFields
          event={current}
          source={source}
          onSource={setSource}
          onFile={setFile}
          prompt={prompt}
          onPrompt={setPrompt}
          model={model}
          onModel={setModel}
        />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            {TEXT.common.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? <Spinner small label={T.saving} /> : current ? T.save : T.create}
          </button>
        </div>
      </form>
    </Modal>
  );
}
