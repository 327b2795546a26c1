// The delivery queue's messages, a module of types only: worker/env.ts names the queue's
// body type with it, and the producers and the consumer share it.

/** What a push notification shows; `url` is the deep link the service worker opens on click. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** An email as it is sent (and as the local outbox keeps it). */
export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

/**
 * notified: new notifications to plan deliveries for; push and email: one delivery each, retried alone, naming
 * the notification it delivers (none for a digest), whose delivery a dead letter marks dead.
 */
export type DeliveryJob =
  | { type: "notified"; ids: number[] }
  | { type: "push"; endpoint: string; payload: PushPayload; notificationId?: number }
  | { type: "email"; email: OutgoingEmail; notificationId?: number };
