// The admins' form for a gathering (new or edit), in a dialog. Times are the event zone's wall-clock
// times (datetime-local), which the server turns into instants.
import { type FormEvent, useState } from "react";
import { useFetcher } from "react-router";
import { EVENT_DEFAULT_TIME_ZONE, EVENT_LIMITS, type EventDto, type EventRepeat } from "../../worker/shared/events";
import { LIMITS } from "../../worker/shared/rules";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { Spinner } from "../components/Spinner";
import { type ActionResult, failureOf, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import type { EventInput } from "./actions";

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
  repeat: "" | EventRepeat;
  repeat_until: string;
};

const blank: Form = {
  title: "",
  description: "",
  start_local: "",
  end_local: "",
  time_zone: EVENT_DEFAULT_TIME_ZONE,
  location: "online",
  place: "",
  meeting_url: "",
  capacity: "",
  paid_only: false,
  repeat: "",
  repeat_until: "",
};

const formOf = (e: EventDto): Form => ({
  title: e.title,
  description: e.description,
  start_local: e.start_local,
  end_local: e.end_local,
  time_zone: e.time_zone,
  location: e.location,
  place: e.place ?? "",
  meeting_url: e.meeting_url ?? "",
  capacity: e.capacity === null ? "" : String(e.capacity),
  paid_only: e.paid_only,
  repeat: e.repeat ?? "",
  repeat_until: e.repeat_until ?? "",
});

const toInput = (f: Form): EventInput => ({
  ...f,
  place: f.place.trim() || null,
  meeting_url: f.meeting_url.trim() || null,
  capacity: f.capacity ? Number(f.capacity) : null,
  repeat: f.repeat || null,
  repeat_until: f.repeat ? f.repeat_until : null,
});

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
  const [form, setForm] = useState<Form>(event ? formOf(event) : blank);
  const save = useFetcher<ActionResult<EventDto>>();
  const busy = save.state !== "idle";
  useSettled(save, (answer) => answer.ok && onSaved(answer.value));
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    void submitJson(
      save,
      action,
      event ? { intent: "update", id: event.id, event: toInput(form) } : { intent: "create", event: toInput(form) },
    );
  };

  return (
    <Modal title={event ? TEXT.events.editTitle : TEXT.events.newEvent} onClose={onClose} wide>
      <form onSubmit={submit} className="stack event-form">
        <FormError error={failureOf(save)} />
        <label className="field">
          <span className="label">{T.title}</span>
          <input
            className="input"
            required
            maxLength={EVENT_LIMITS.titleMax}
            value={form.title}
            onChange={(e) => set("title")(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="label">{T.description}</span>
          <textarea
            className="textarea"
            maxLength={EVENT_LIMITS.descriptionMax}
            value={form.description}
            onChange={(e) => set("description")(e.target.value)}
          />
          <span className="hint">{T.descriptionHint}</span>
        </label>
        <div className="event-form-row">
          <label className="field">
            <span className="label">{T.start}</span>
            <input
              className="input"
              type="datetime-local"
              required
              value={form.start_local}
              onChange={(e) => set("start_local")(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="label">{T.end}</span>
            <input
              className="input"
              type="datetime-local"
              required
              value={form.end_local}
              onChange={(e) => set("end_local")(e.target.value)}
            />
          </label>
        </div>
        <div className="event-form-row">
          <label className="field">
            <span className="label">{T.repeat}</span>
            <select
              className="select"
              value={form.repeat}
              onChange={(e) => set("repeat")(e.target.value as Form["repeat"])}
            >
              <option value="">{T.repeatNever}</option>
              <option value="weekly">{T.repeatWeekly}</option>
              <option value="monthly">{T.repeatMonthly}</option>
            </select>
          </label>
          {form.repeat && (
            <label className="field">
              <span className="label">{T.repeatUntil}</span>
              <input
                className="input"
                type="date"
                required
                value={form.repeat_until}
                onChange={(e) => set("repeat_until")(e.target.value)}
              />
            </label>
          )}
        </div>
        <label className="field">
          <span className="label">{T.timeZone}</span>
          <input
            className="input"
            required
            maxLength={LIMITS.timezoneMax}
            value={form.time_zone}
            onChange={(e) => set("time_zone")(e.target.value)}
          />
          <span className="hint">{T.timeZoneHint}</span>
        </label>
        <label className="field">
          <span className="label">{T.location}</span>
          <select
            className="select"
            value={form.location}
            onChange={(e) => set("location")(e.target.value as Form["location"])}
          >
            <option value="online">{TEXT.events.online}</option>
            <option value="in_person">{TEXT.events.inPerson}</option>
          </select>
        </label>
        <label className="field">
          <span className="label">{T.place}</span>
          <input
            className="input"
            required={form.location === "in_person"}
            maxLength={EVENT_LIMITS.placeMax}
            value={form.place}
            onChange={(e) => set("place")(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="label">{T.meetingUrl}</span>
          <input
            className="input"
            type="url"
            maxLength={LIMITS.urlMax}
            value={form.meeting_url}
            onChange={(e) => set("meeting_url")(e.target.value)}
          />
          <span className="hint">{T.meetingUrlHint}</span>
        </label>
        <label className="field">
          <span className="label">{T.capacity}</span>
          <input
            className="input"
            type="number"
            min={1}
            max={EVENT_LIMITS.capacityMax}
            value={form.capacity}
            onChange={(e) => set("capacity")(e.target.value)}
          />
          <span className="hint">{T.capacityHint}</span>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={form.paid_only} onChange={(e) => set("paid_only")(e.target.checked)} />
          {T.paidOnly}
        </label>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            {TEXT.common.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? <Spinner small label={T.saving} /> : event ? T.save : T.create}
          </button>
        </div>
      </form>
    </Modal>
  );
}
