// /app/events: the gatherings, upcoming first, then past; admins add one from here.
import { useState } from "react";
import { useLoaderData, useNavigate } from "react-router";
import { ICON_SHAPES } from "../components/icon-shapes";
import { EmptyState, ErrorState } from "../components/States";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { EVENTS_PATH, eventPath, type eventsLoader } from "./data";
import { EventCard } from "./EventCard";
import { EventFormModal } from "./EventForm";
import { memberZone } from "./time";
import "./events.css";

export default function EventsPage() {
  const T = TEXT.events;
  const data = useLoaderData<typeof eventsLoader>();
  const { user } = useSession();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const zone = memberZone(user?.timezone);

  return (
    <div className="page events">
      <div className="spread">
        <h1>{T.title}</h1>
        {user?.role === "admin" && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            {T.newEvent}
          </button>
        )}
      </div>
      <p className="muted">{T.intro}</p>
      {!data.ok ? (
        <ErrorState text={data.error} onRetry={() => navigate(EVENTS_PATH, { replace: true })} />
      ) : (
        <>
          <section aria-labelledby="events-upcoming">
            <h2 id="events-upcoming">{T.upcoming}</h2>
            {data.upcoming.length === 0 ? (
              <EmptyState title={T.noUpcoming} icon={ICON_SHAPES.calendar} />
            ) : (
              <ul className="event-list">
                {data.upcoming.map((event, i) => (
                  <EventCard key={event.id} event={event} zone={zone} lazy={i > 0} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="events-past">
            <h2 id="events-past">{T.past}</h2>
            {data.past.length === 0 ? (
              <p className="muted">{T.noPast}</p>
            ) : (
              <ul className="event-list">
                {data.past.map((event) => (
                  <EventCard key={event.id} event={event} zone={zone} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {creating && (
        <EventFormModal
          action={EVENTS_PATH}
          onClose={() => setCreating(false)}
          onSaved={(event) => navigate(eventPath(event.id))}
        />
      )}
    </div>
  );
}
