// What the chat feature offers the others; anything not named here is its own.
export {
  createChannel,
  getVisibleChannel,
  joinChannelStatement,
  leaveChannelStatement,
  privateChannelReaders,
  visibleTo,
} from "./queries/channels";
export { directRefusal } from "./queries/direct";
export { bindChannelInvitations } from "./queries/invitations";
export { channelsOpenTo, closeSessionSockets, closeUserSockets, fanOut } from "./sockets";
