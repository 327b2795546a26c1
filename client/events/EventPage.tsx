// /app/events/:id: one gathering, linkable. Members answer (going / maybe / not going) and add it to
// their calendar; the meeting link shows once they are going. Admins edit, cancel and see who answered.
import { useState } from "react";
import { useFetcher, useLoaderData, useRevalidator } from "react-router";
import type { RsvpResult } from "../../worker/shared/events";
import { Avatar } from "../components/Avatar";
import { useConfirm } from "../components/ConfirmDialog";
import { FormError } from "../components/FormError";
import { formatDateTime } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { Link } from "../components/links";
import { ErrorState } from "../components/States";
import { type ActionResult, failureOf, submitJson } from "../data/actions";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import type { RsvpAnswer } from "./actions";
import { attendeesCsvPath, EVENTS_PATH, eventIcsPath, type eventLoader, eventPath } from "./data";
import { EventBadges, EventCover, GoingAvatars, RepeatNote } from "./EventCard";
import { EventFormModal } from "./EventForm";
import { eventWhen, memberZone } from "./time";
import "./events.css";

const ANSWERS: RsvpAnswer[] = ["going", "maybe", "declined"];

export default function EventPage() {
  const T = TEXT.events;
  const data = useLoaderData<typeof eventLoader>();
  const { user } = useSession();
  const revalidator = useRevalidator();
  const confirm = useConfirm();
  const answer = useFetcher<ActionResult<RsvpResult>>();
  const cancel = useFetcher<ActionResult<unknown>>();
  const [editing, setEditing] = useState(false);

  if (!data.ok)
    return (
      <div className="page">
        <Link to={EVENTS_PATH}>{T.back}</Link>
        <ErrorState text={data.error} onRetry={() => revalidator.revalidate()} />
      </div>
    );
  const { event, attendees } = data;
  const zone = memberZone(user?.timezone);
  const when = eventWhen(event, zone);
  const open = !event.cancelled && Date.parse(event.ends_at) > Date.now() && !event.locked;
  const busy = answer.state !== "idle";
  // The answer shown at once while it is saved; the server's word once it is back.
  const pending = answer.json && typeof answer.json === "object" && "status" in answer.json ? answer.json.status : null;
  const mine = busy && typeof pending === "string" ? pending : event.my_status;
  const waitlisted = event.my_status === "waitlisted";

  const respond = (status: RsvpAnswer) =>
    void submitJson(answer, eventPath(event.id), { intent: "rsvp", id: event.id, status });
  /** `date`: the occurrence as the page shows it. */
  const cancelDate = async (startsAt: string, date: string) => {
    if (await confirm(T.cancelDateConfirm(date), T.cancelDate))
      void submitJson(cancel, eventPath(event.id), { intent: "cancel-date", id: event.id, startsAt });
  };
  const cancelEvent = async () => {
    if (await confirm(T.cancelConfirm(event.title), T.cancelEvent))
      void submitJson(cancel, eventPath(event.id), { intent: "cancel", id: event.id });
  };

  return (
    <div className="page event-page">
      <Link to={EVENTS_PATH} className="with-icon">
        {T.back}
      </Link>
      <article className="card stack">
        <EventCover event={event} lazy={false} />
        <h1>{event.title}</h1>
        <EventBadges event={event} />
        <p className="event-when with-icon">
          <Icon shape={ICON_SHAPES.calendar} size={18} /> {when.range}
          {when.local && <span className="muted"> · {when.local}</span>}
        </p>
        <RepeatNote event={event} />
        {event.repeat && event.occurrences.length > 0 && (
          <section aria-labelledby="event-dates">
            <h2 id="event-dates">{T.dates}</h2>
            <ul className="event-dates">
              {event.occurrences.map((o) => {
                const date = eventWhen({ ...event, ...o }, zone);
                return (
                  <li key={o.starts_at} className={o.cancelled ? "row cancelled" : "row"}>
                    <span>
                      {date.range}
                      {date.local && <span className="muted"> · {date.local}</span>}
                    </span>
                    {o.cancelled ? (
                      <span className="badge badge-other">{T.cancelled}</span>
                    ) : (
                      user?.role === "admin" &&
                      !event.cancelled && (
                        <button
                          type="button"
                          className="btn btn-sm"
                          aria-label={T.cancelDateLabel(date.range)}
                          disabled={cancel.state !== "idle"}
                          onClick={() => cancelDate(o.starts_at, date.range)}
                        >
                          {T.cancelDate}
                        </button>
                      )
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        {event.host && <p className="muted">{T.hostedBy(event.host.name)}</p>}
        {event.place && <p>{event.place}</p>}
        {event.locked ? (
          <div className="alert alert-info">
            <p>{T.lockedText}</p>
            <Link to="/pricing" className="btn btn-primary btn-sm">
              {T.seePricing}
            </Link>
          </div>
        ) : (
          <>
            {event.meeting_url ? (
              <p>
                <a className="btn btn-sm" href={event.meeting_url} target="_blank" rel="noopener noreferrer">
                  {T.meetingLink}
                </a>
              </p>
            ) : (
              event.has_meeting_url && <p className="muted">{T.meetingHidden}</p>
            )}
            {event.description_html && (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's allowlist sanitised it.
              <div className="event-description" dangerouslySetInnerHTML={{ __html: event.description_html }} />
            )}
            <GoingAvatars event={event} />
            {event.capacity !== null && (
              <p className="muted">
                {event.going_count >= event.capacity ? T.full : T.placesLeft(event.capacity - event.going_count)}
                {event.waitlist_count > 0 && ` · ${T.waitlistCount(event.waitlist_count)}`}
              </p>
            )}
          </>
        )}
        {open && (
          <fieldset className="event-rsvp">
            <legend>{T.yourAnswer}</legend>
            <div className="row">
              {ANSWERS.map((status) => (
                <button
                  key={status}
                  type="button"
                  className={
                    mine === status || (status === "going" && mine === "waitlisted") ? "btn btn-primary" : "btn"
                  }
                  aria-pressed={mine === status || (status === "going" && mine === "waitlisted")}
                  disabled={busy}
                  onClick={() => respond(status)}
                >
                  {T.answers[status]}
                </button>
              ))}
            </div>
            <FormError error={failureOf(answer)} />
            {waitlisted && <p className="alert alert-info">{T.waitlisted}</p>}
          </fieldset>
        )}
        {!event.locked && (
          <p>
            <a className="btn btn-sm" href={eventIcsPath(event.id)} download>
              <Icon shape={ICON_SHAPES.calendar} size={16} /> {T.addToCalendar}
            </a>
          </p>
        )}
        {user?.role === "admin" && !event.cancelled && (
          <div className="row">
            <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
              {T.editEvent}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-danger"
              onClick={cancelEvent}
              disabled={cancel.state !== "idle"}
            >
              {T.cancelEvent}
            </button>
            <FormError error={failureOf(cancel)} />
          </div>
        )}
      </article>
      {attendees && (
        <section className="card stack" aria-labelledby="event-attendees">
          <div className="spread">
            <h2 id="event-attendees">{T.attendees}</h2>
            <a className="btn btn-sm" href={attendeesCsvPath(event.id)} download>
              {T.attendeesCsv}
            </a>
          </div>
          {attendees.length === 0 ? (
            <p className="muted">{T.noAttendees}</p>
          ) : (
            <ul className="event-attendees">
              {attendees.map((a) => (
                <li key={a.user_id} className="row">
                  <Avatar name={a.name} email={a.email} size={28} />
                  <span>{a.name}</span>
                  <span className="faint">{a.email}</span>
                  <span className="badge badge-tag">{T.attendeeStatus[a.status]}</span>
                  <span className="faint">{formatDateTime(a.responded_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {editing && (
        <EventFormModal
          action={eventPath(event.id)}
          event={event}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
    </div>
  );
}
