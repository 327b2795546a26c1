// What the chat feature offers the others; anything not named here is its own.
export { checkPreviewUrl } from "./link-preview";
export {
  bindChannelInvitations,
  directRefusal,
  getVisibleChannel,
  privateChannelReaders,
  visibleTo,
} from "./queries/chat";
export { channelsOpenTo, closeSessionSockets, closeUserSockets, fanOut } from "./sockets";
