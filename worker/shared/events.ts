// Events: the rules and the wire format shared by the worker and the client.

export const EVENT_DEFAULT_TIME_ZONE = "America/Santiago";

export const EVENT_LIMITS = {
  titleMax: 120,
  descriptionMax: 10_000,
  placeMax: 300,
  capacityMax: 100_000,
  /** GET /api/events: page size. */
  pageDefault: 20,
  pageMax: 50,
  /** The attendee list and its CSV: every answer of an event (capacity is at most this, plus the waitlist). */
  attendeesMax: 5000,
  /** Avatars shown beside the going count. */
  goingAvatars: 8,
  /** Reminders before the start: the earlier one, then the last one. */
  reminderEarlyMs: 24 * 60 * 60 * 1000,
  reminderLastMs: 60 * 60 * 1000,
  /** The personal feed lists events that ended at most this long ago. */
  feedPastMs: 30 * 24 * 60 * 60 * 1000,
  /** The longest an event may last. */
  durationMaxMs: 14 * 24 * 60 * 60 * 1000,
  /** A recurring event has at most this many occurrences (a weekly rule for two years). */
  occurrencesMax: 104,
  /** Occurrences an event's answer lists: the next ones (cancelled ones included). */
  occurrencesShown: 12,
} as const;

/** What a member answers; "going" at capacity is stored as "waitlisted". */
export const RSVP_ANSWERS = ["going", "maybe", "declined"] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
export const RSVP_STATES = ["going", "waitlisted", "maybe", "declined"] as const;
export type RsvpState = (typeof RSVP_STATES)[number];

/** A recurring event's rule: every week or every month, until a date. */
export const EVENT_REPEATS = ["weekly", "monthly"] as const;
export type EventRepeat = (typeof EVENT_REPEATS)[number];

export const EVENT_LOCATIONS = ["online", "in_person"] as const;
export type EventLocation = (typeof EVENT_LOCATIONS)[number];

/** Where an event's cover is served (to those who may see the event). */
export const eventCoverPath = (id: number) => `/api/events/${id}/cover`;

export type EventPerson = { id: number; name: string; avatar_url: string | null };

export type OccurrenceDto = { starts_at: string; ends_at: string; cancelled: boolean };

export type EventDto = {
  id: number;
  title: string;
  /** Markdown source (for editing) and its sanitised HTML (for showing); empty for a locked event. */
  description: string;
  description_html: string;
  /** UTC instants (ISO) and the zone the event happens in; the wall-clock times there (the first occurrence's). */
  starts_at: string;
  ends_at: string;
  time_zone: string;
  start_local: string;
  end_local: string;
  /** A recurring event's rule (null: once) and the last day an occurrence may start on ("YYYY-MM-DD", the event's
   * zone). */
  repeat: EventRepeat | null;
  repeat_until: string | null;
  /** The next occurrences that have not ended (a single event: itself while it has not ended). */
  occurrences: OccurrenceDto[];
  location: EventLocation;
  place: string | null;
  /** The program whose cohort this event is for (its members see it first); null for everyone's. */
  program_id: number | null;
  /** The cover image's address (null: none, or the event is locked for the viewer). */
  cover_url: string | null;
  /** Only for members who are going (and admins); null otherwise, `has_meeting_url` says one exists. */
  meeting_url: string | null;
  has_meeting_url: boolean;
  capacity: number | null;
  paid_only: boolean;
  /** Paid-only and the viewer has no membership: details, attendees and answers are withheld. */
  locked: boolean;
  cancelled: boolean;
  host: EventPerson | null;
  going_count: number;
  waitlist_count: number;
  going: EventPerson[];
  /** The viewer's answer (null: none yet). */
  my_status: RsvpState | null;
};

export type RsvpResult = { status: RsvpAnswer; waitlisted: boolean; going_count: number };

export type AttendeeDto = {
  user_id: number;
  name: string;
  email: string;
  status: RsvpState;
  responded_at: string;
};
