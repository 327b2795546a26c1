// What a chat handler checks first: a channel the caller may see (404 otherwise, whichever it is), one they may
// manage, a message they may read.
import type { Database } from "../../db/client";
import type { Env, SessionUser } from "../../env";
import { forbidden, notFound } from "../../platform/errors";
import { API_ERRORS as E } from "../../shared/texts";
import { canManageChannel, getVisibleChannel } from "./queries/channels";
import { getMessage } from "./queries/messages";

/** What the helpers need from a handler's context (after requireUser). */
export type Ctx = {
  var: { db: Database; user: SessionUser };
  env: Env;
  executionCtx: { waitUntil(promise: Promise<unknown>): void };
};

export async function visibleChannelOr404(c: Ctx, id: number) {
  const channel = await getVisibleChannel(c.var.db, c.var.user, id);
  if (!channel) throw notFound(E.channel_not_found);
  return channel;
}

export async function managedChannel(c: Ctx, id: number) {
  const channel = await visibleChannelOr404(c, id);
  if (channel.directKey !== null) throw forbidden(E.direct_not_group);
  if (!canManageChannel(c.var.user, channel)) throw forbidden(E.channel_manage_forbidden);
  return channel;
}

/**
 * A message the caller may read (its channel visible to them), not deleted, with its channel; 404 otherwise,
 * whichever it is.
 */
export async function readableMessage(c: Ctx, id: number) {
  const message = await getMessage(c.var.db, id);
  const channel = message && !message.deletedAt && (await getVisibleChannel(c.var.db, c.var.user, message.channelId));
  if (!message || !channel) throw notFound(E.message_not_found);
  return { message, channel };
}
