// The chat's words in English, loaded with the screen (client/i18n/language.ts WORDS; docs/client.md "Words"); its
// dialogs' are dialog-words.ts. words.es.ts is the same in Spanish.
import { CHAT_TEXTS } from "../../worker/shared/texts/chat";

export const words = {
  chat: {
    ...CHAT_TEXTS,
    channels: "Channels",
    newChannel: "+ New",
    noChannels: "No channels yet. Create the first one.",
    showChannels: "Show channels",
    loadingMessages: "Loading messages",
    /** A message of the member's own shown while it is being sent (in place of its time). */
    sending: "Sending…",
    /** Offline, or behind a message not sent: it goes out, in order, when the connection returns or that one is sent. */
    waitingToSend: "Waiting to send…",
    /** Its answer stayed lost after the retries: the member sends it again (the same message, never twice) or drops it. */
    notSent: "Not sent",
    retrySend: "Retry",
    discardSend: "Discard",
    noMessagesTitle: "No messages yet",
    noMessagesText: "Say hello to the channel.",
    noChannelTitle: "No channel selected",
    noChannelText: "Create a channel to start talking.",
    createChannel: "Create channel",
    manageChannel: "Manage channel",
    manageChannelLabel: (name: string) => `Manage channel ${name}`,
    privateMark: "(private)",
    polling: "Polling",
    messagesLabel: "Messages",
    sharedImage: "Shared image",
    imageAlt: (fileName: string) => `Image: ${fileName}`,
    uploadImage: "Upload image",
    messageLabel: (channel: string) => `Message #${channel}`,
    send: "Send",
  },
};
