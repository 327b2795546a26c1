// A message of the member's own on its way out (client/chat/outbox.ts): sending, waiting for the connection, or not
// sent, with Retry (its key: stored once whatever happened before) and Discard.
import { TEXT } from "../text";
import type { MessageActions } from "./message-actions";
import type { OutgoingState } from "./outbox";

/** Where a message of the member's own on its way out stands: sending, waiting for the connection, or not sent. */
export function OutgoingStatus({
  outgoing,
  actions,
}: {
  outgoing: { key: string; state: OutgoingState };
  actions: MessageActions;
}) {
  if (outgoing.state === "sending") return <span className="faint">{TEXT.chat.sending}</span>;
  if (outgoing.state === "waiting") return <span className="faint">{TEXT.chat.waitingToSend}</span>;
  return (
    <span className="chat-not-sent" role="status">
      <span>{TEXT.chat.notSent}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => actions.onRetrySend?.(outgoing.key)}>
        {TEXT.chat.retrySend}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => actions.onDiscardSend?.(outgoing.key)}>
        {TEXT.chat.discardSend}
      </button>
    </span>
  );
}
