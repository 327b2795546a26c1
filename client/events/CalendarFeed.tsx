// The calendar settings: the subscription, a secret link to the gatherings the member is going to, for
// Google Calendar or Apple Calendar. Only its hash is kept, so the link is shown once, when made; a new
// one stops the old, and turning it off stops it too.

import { useState } from "react";
import { useFetcher } from "react-router";
import type { Answer, api } from "../api";
import { errorText } from "../api";
import { TextField } from "../components/Field";
import { FormError } from "../components/FormError";
import { formatDate } from "../components/format";
import { type ActionResult, failureOf, submitJson } from "../data/actions";
import { CALENDAR_FEED_PATH } from "../data-paths";
import { TEXT } from "../text";
import type { FeedIntent } from "./actions";

type Feed = Answer<typeof api.profile.calendar.$get>;

/** `feed`: the calendar section loader's part (loaded again after each write). */
export function CalendarFeed({ feed: section }: { feed: { ok: true; rows: Feed } | { ok: false; failure: unknown } }) {
  const T = TEXT.events.feed;
  const write = useFetcher<ActionResult<{ active: boolean; url?: string }>>();
  const [copied, setCopied] = useState(false);

  const send = (intent: FeedIntent) => void submitJson(write, CALENDAR_FEED_PATH, intent);
  const url = write.data?.ok && write.data.value.url ? write.data.value.url : null;
  const feed = section.ok ? section.rows : null;
  const busy = write.state !== "idle";

  return (
    <section className="card stack" aria-labelledby="calendar-feed-title">
      <h3 id="calendar-feed-title">{T.title}</h3>
      <p className="muted">{T.text}</p>
      <FormError
        error={failureOf(write) ?? (section.ok ? null : errorText(section.failure, TEXT.events.feed.failed))}
      />
      {url ? (
        <TextField
          label={T.linkLabel}
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
          addon={
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
            >
              {copied ? T.copied : T.copy}
            </button>
          }
        />
      ) : (
        feed && <p>{feed.active && feed.created_at ? T.active(formatDate(feed.created_at)) : T.inactive}</p>
      )}
      <div className="row">
        <button type="button" className="btn btn-sm" disabled={busy} onClick={() => send({ intent: "feed-create" })}>
          {feed?.active || url ? T.renew : T.create}
        </button>
        {(feed?.active || url) && (
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => send({ intent: "feed-delete" })}>
            {T.turnOff}
          </button>
        )}
      </div>
      {(feed?.active || url) && <p className="hint">{T.renewHint}</p>}
    </section>
  );
}
