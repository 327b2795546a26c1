// Programs (guided journeys of lessons): the rules and the wire format shared by the worker and the client.

/** How a program's lessons open: all at once; one a day from the member's own start; on fixed dates (a cohort). */
export const UNLOCK_MODES = ["all", "daily", "dates"] as const;
export type UnlockMode = (typeof UNLOCK_MODES)[number];

/** A lesson that opens by the clock opens at this hour, in the member's zone (daily) or the program's (dates). */
export const LESSON_OPENS_HOUR = "06:00";

export const PRACTICE_MOODS = ["calm", "ok", "restless", "tired"] as const;
export type PracticeMood = (typeof PRACTICE_MOODS)[number];

export const LESSON_MEDIA_KINDS = ["audio", "video"] as const;
export type LessonMediaKind = (typeof LESSON_MEDIA_KINDS)[number];

export const PROGRAM_LIMITS = {
  titleMax: 120,
  summaryMax: 1000,
  lessonBodyMax: 20_000,
  lessonsMax: 200,
  programsMax: 5000,
  /** GET /api/programs: newest first, a page at a time (`before`: the previous page's last id). */
  programsPage: 50,
  /** Programs one member may be enrolled in at once. */
  enrolledMax: 20,
  /** A lesson's audio or video sent in one request (multipart/form-data), below the worker's request limit. */
  lessonMediaMaxBytes: 90 * 1024 * 1024,
  /** A program's cover image (PNG, JPEG, WebP… proven by its bytes). */
  coverMaxBytes: 5 * 1024 * 1024,
  /** A lesson's audio or video sent in R2 multipart parts (resumable). */
  lessonMediaMultipartMaxBytes: 2 * 1024 * 1024 * 1024,
  /** Each part but the last (R2 wants at least 5 MiB, all equal). */
  uploadPartBytes: 8 * 1024 * 1024,
  /** An upload not completed after this long is aborted and forgotten by the cleanup job. */
  uploadAbandonedMs: 24 * 60 * 60 * 1000,
  durationMaxSeconds: 24 * 60 * 60,
  practiceMinutesMin: 1,
  practiceMinutesMax: 600,
  practiceDayMinutesMax: 24 * 60,
  practiceNoteMax: 500,
  weeklyGoalMaxMinutes: 7 * 24 * 60,
  weeklyGoalDefaultMinutes: 70,
  /** GET /api/practice answers at most this many days' entries. */
  practiceRangeMaxDays: 366,
  practiceEntriesMax: 2000,
  /** GET /api/programs/search: the longest text, the lessons read, the results answered. */
  searchMax: 100,
  searchCandidates: 200,
  searchResults: 20,
  /** The player saves its position this often while playing (and on leaving). */
  progressSaveMs: 5000,
} as const;

export type LessonMediaDto = { kind: LessonMediaKind; duration_seconds: number | null };

export type ProgramDto = {
  id: number;
  title: string;
  summary: string;
  cover_url: string | null;
  paid_only: boolean;
  unlock: UnlockMode;
  time_zone: string;
  starts_on: string | null;
  published: boolean;
  lesson_count: number;
  enrolled: boolean;
  started_at: string | null;
  done_count: number;
  finished_at: string | null;
  channel_id: number | null;
};

export type LessonSummaryDto = {
  id: number;
  title: string;
  position: number;
  opens_on: string | null;
  /** When the lesson opens for the caller (ISO); null when it opens with the program. */
  opens_at: string | null;
  open: boolean;
  done: boolean;
  media: LessonMediaDto | null;
};

export type LessonDto = LessonSummaryDto & {
  program_id: number;
  program_title: string;
  body: string;
  body_html: string;
  media_url: string | null;
  position_seconds: number;
  previous_id: number | null;
  next_id: number | null;
};

export type PracticeEntryDto = {
  id: number;
  practised_on: string;
  minutes: number;
  note: string | null;
  mood: PracticeMood | null;
  created_at: string;
};

export type ProgramSearchResult = {
  kind: "program" | "lesson";
  id: number;
  program_id: number;
  title: string;
  /** Plain text around the match in an open lesson's text; null for a locked lesson (its text is never sent). */
  snippet: string | null;
  open: boolean;
  opens_at: string | null;
};

export type FunnelRow = { position: number; lesson_id: number; title: string; reached: number; done: number };

export const lessonMediaPath = (id: number, version: string) => `/api/lessons/${id}/media?v=${version}`;
export const certificatePath = (programId: number) => `/api/programs/${programId}/certificate`;
