import type { ChatRoom } from "./chat-room";
import type { Database } from "./db/client";

/** Bindings and variables of the worker (wrangler.toml, secrets). */
export interface Env {
  DB: D1Database;
  BLOBS: R2Bucket;
  CHAT_ROOM: DurableObjectNamespace<ChatRoom>;
  ASSETS?: Fetcher;

  APP_ENV: "production" | "local";
  ADMIN_EMAILS?: string;
  /** "1" turns on the development sign-in provider; anything else (or absent) keeps it off. */
  AUTH_DEV_LOGIN?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;

  WEBPAY_ENV: "emulator" | "integration" | "production";
  WEBPAY_COMMERCE_CODE?: string;
  WEBPAY_API_SECRET?: string;
  /** The local emulator's token lifetime in seconds (default Transbank's 5 minutes; shorter in tests). */
  WEBPAY_EMULATOR_TOKEN_SECONDS?: string;

  OPENAI_API_KEY?: string;
  GEMINI_API_KEY?: string;
  STRAICO_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  GEMINI_BASE_URL?: string;
  STRAICO_BASE_URL?: string;
  OPENAI_TEXT_MODEL?: string;
  OPENAI_IMAGE_MODEL?: string;
  GEMINI_TEXT_MODEL?: string;
  GEMINI_IMAGE_MODEL?: string;
  STRAICO_TEXT_MODEL?: string;
  STRAICO_IMAGE_MODEL?: string;
  AI_CALLS_PER_HOUR?: string;
}

export interface SessionUser {
  id: number;
  email: string;
  name: string | null;
  avatarUrl: string | null;
  role: "member" | "admin";
  bio: string | null;
  timezone: string | null;
  createdAt: Date;
}

export interface AppVariables {
  /** Set first for every request (worker/lib/request-log.ts); echoed as X-Request-Id. */
  requestId: string;
  db: Database;
  user: SessionUser | null;
  sessionId: string | null;
  /** When the caller's session ends unless renewed (chat sockets close then). */
  sessionExpiresAt: Date | null;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
