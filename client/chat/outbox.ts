// The member's messages on their way out of a channel, in the order they were typed. Each has its Idempotency-Key
// from the moment it is queued, so however often it is sent (the automatic retries of client/idempotent.ts, the
// member's "Retry", the send when the connection returns) the server stores it once. One message is sent at a time:
// while the browser is offline they wait, and go out in order when it is back; a message whose answer stayed lost
// is "not sent" and holds the ones after it until the member retries or discards it; a message the server refused
// leaves the queue (the composer gives its text back with the server's reason).
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "../api";

export type OutgoingState = "sending" | "waiting" | "failed";

export type Outgoing = {
  /** Below zero, so never a stored message's id: the list's key for it. */
  id: number;
  key: string;
  body: string;
  replyTo: number | null;
  state: OutgoingState;
  /** The newest message id shown when it was queued: a stored copy arriving by socket has a larger one. */
  after: number;
  settle: { resolve: () => void; reject: (err: unknown) => void };
};

/** A refusal the server decided (a 4xx other than 409 request_in_progress): sending it again changes nothing. */
const refused = (err: unknown) =>
  err instanceof ApiRequestError && err.status < 500 && !(err.status === 409 && isInProgress(err.body));
const isInProgress = (body: unknown) =>
  !!body && typeof body === "object" && "code" in body && body.code === "request_in_progress";

let lastOutgoingId = 0;

const online = () => typeof navigator === "undefined" || navigator.onLine !== false;

/**
 * The queue and its sender. `deliver` sends one message with its key (and shows the stored message); `queue`
 * resolves once the message is stored (or discarded), and rejects with the server's refusal.
 */
export function useOutbox(deliver: (message: Outgoing) => Promise<void>) {
  const [messages, setMessages] = useState<Outgoing[]>([]);
  const queued = useRef<Outgoing[]>([]);
  const sending = useRef(false);
  const deliverRef = useRef(deliver);
  deliverRef.current = deliver;

  const update = useCallback((next: Outgoing[]) => {
    queued.current = next;
    setMessages(next);
  }, []);
  const setState = useCallback(
    (key: string, state: OutgoingState) => update(queued.current.map((m) => (m.key === key ? { ...m, state } : m))),
    [update],
  );
  const remove = useCallback((key: string) => update(queued.current.filter((m) => m.key !== key)), [update]);

  const pump = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (let head = queued.current[0]; head && head.state !== "failed"; head = queued.current[0]) {
        if (!online()) {
          // Offline: everything waits, in order, for the browser's `online` event.
          update(queued.current.map((m) => (m.state === "sending" ? { ...m, state: "waiting" } : m)));
          return;
        }
        setState(head.key, "sending");
        try {
          await deliverRef.current(head);
          remove(head.key);
          head.settle.resolve();
        } catch (err) {
          if (refused(err)) {
            remove(head.key);
            head.settle.reject(err);
          } else setState(head.key, online() ? "failed" : "waiting");
        }
      }
    } finally {
      sending.current = false;
    }
  }, [update, setState, remove]);

  useEffect(() => {
    const resume = () => void pump();
    window.addEventListener("online", resume);
    return () => window.removeEventListener("online", resume);
  }, [pump]);

  return {
    messages,
    queue: (input: { body: string; replyTo: number | null; after: number }) =>
      new Promise<void>((resolve, reject) => {
        const held = !online() || queued.current.some((m) => m.state !== "sending");
        const state: OutgoingState = held ? "waiting" : "sending";
        update([
          ...queued.current,
          {
            ...input,
            id: --lastOutgoingId,
            key: crypto.randomUUID() /* an Idempotency-Key is a UUID (client/idempotent.ts) */,
            state,
            settle: { resolve, reject },
          },
        ]);
        void pump();
      }),
    /** "Retry" on a message not sent: the same key, at the head of the queue again. */
    retry: (key: string) => {
      setState(key, "sending");
      void pump();
    },
    /** "Discard" on a message not sent: it leaves the queue, and the ones after it go out. */
    discard: (key: string) => {
      const message = queued.current.find((m) => m.key === key);
      remove(key);
      message?.settle.resolve();
      void pump();
    },
  };
}
