// One gathering in the list: title, when (in the member's zone), where, and who is going.

import type { EventDto } from "../../worker/shared/events";
import { Avatar } from "../components/Avatar";
import { formatDate } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { Link } from "../components/links";
import { TEXT } from "../text";
import { eventPath } from "./data";
import { eventWhen } from "./time";

export function EventBadges({ event }: { event: EventDto }) {
  const T = TEXT.events;
  return (
    <div className="row event-badges">
      {event.cancelled && <span className="badge badge-other">{T.cancelled}</span>}
      {event.paid_only && (
        <span className="badge badge-pinned with-icon">
          <Icon shape={ICON_SHAPES.lock} size={14} /> {T.paidOnly}
        </span>
      )}
      <span className="badge badge-tag">{event.location === "online" ? T.online : T.inPerson}</span>
    </div>
  );
}

export function GoingAvatars({ event }: { event: EventDto }) {
  return (
    <div className="row event-going">
      <span className="avatar-stack" aria-hidden="true">
        {event.going.map((p) => (
          <Avatar key={p.id} src={p.avatar_url} name={p.name} size={28} />
        ))}
      </span>
      <span className="muted">{TEXT.events.goingCount(event.going_count)}</span>
    </div>
  );
}

/** A recurring event's rule: "Every week until Jul 31, 2030". */
export function RepeatNote({ event }: { event: EventDto }) {
  if (!event.repeat || !event.repeat_until) return null;
  return <p className="muted">{TEXT.events.repeats[event.repeat](formatDate(`${event.repeat_until}T12:00:00Z`))}</p>;
}

/**
 * The cover image, as wide as its card; the list's are lazy (most are below the fold), the first card's and the
 * event page's are not. Its text is the event's title.
 */
export function EventCover({ event, lazy }: { event: EventDto; lazy: boolean }) {
  if (!event.cover_url) return null;
  return (
    <img
      className="event-cover"
      src={event.cover_url}
      alt={event.title}
      loading={lazy ? "lazy" : "eager"}
      decoding="async"
      width={1792}
      height={1024}
    />
  );
}

export function EventCard({ event, zone, lazy = true }: { event: EventDto; zone: string; lazy?: boolean }) {
  // A recurring event shows its next date that is not cancelled (else its first).
  const next = event.occurrences.find((o) => !o.cancelled);
  const when = eventWhen({ ...event, ...(next ?? {}) }, zone);
  return (
    <li className={event.cancelled ? "card event-card cancelled" : "card event-card"}>
      <EventCover event={event} lazy={lazy} />
      <h3>
        <Link to={eventPath(event.id)}>{event.title}</Link>
      </h3>
      <p className="event-when with-icon">
        <Icon shape={ICON_SHAPES.calendar} size={16} /> {when.range}
        {when.local && <span className="muted"> · {when.local}</span>}
      </p>
      <RepeatNote event={event} />
      {event.place && <p className="muted">{event.place}</p>}
      <EventBadges event={event} />
      {!event.locked && <GoingAvatars event={event} />}
    </li>
  );
}
