// The lounge's action: every lounge write, one intent each (docs/client.md#writes). It loads with the
// lounge's screen (the route's lazy action), not with the app's shell.
import type { InferRequestType } from "hono/client";
import { api, unwrap } from "../api";
import { type ActionResult, attempt, readIntent } from "../data/actions";
import { sendIdempotent } from "../idempotent";
import { TEXT } from "../text";
import type { NoticeImageRequest, NoticeTextRequest } from "./notice-ai";

export type NoticeInput = InferRequestType<(typeof api)["cosmic-notices"]["$post"]>["json"];

export type LoungeIntent =
  | { intent: "like"; id: number }
  | { intent: "delete-post"; id: number }
  | { intent: "edit-post"; id: number; content: string }
  | { intent: "edit-comment"; id: number; content: string }
  | { intent: "delete-comment"; id: number }
  | { intent: "create-post"; content: string }
  | { intent: "comment"; id: number; content: string }
  | { intent: "delete-notice"; id: number }
  | { intent: "create-notice"; notice: NoticeInput }
  | { intent: "notice-text"; request: NoticeTextRequest }
  | { intent: "notice-image"; request: NoticeImageRequest };

/** Every lounge write; the router then loads the lounge again (except after a like: its answer is the new state). */
export async function loungeAction({ request }: { request: Request }): Promise<ActionResult<unknown>> {
  const body = await readIntent<LoungeIntent>(request);
  const id = "id" in body ? { param: { id: String(body.id) } } : { param: { id: "" } };
  switch (body.intent) {
    case "like":
      return attempt(() => unwrap(api.posts[":id"].like.$post(id)));
    case "delete-post":
      return attempt(() => unwrap(api.posts[":id"].$delete(id)), TEXT.lounge.postDeleteFailed, { fixed: true });
    case "edit-post":
      return attempt(
        () => unwrap(api.posts[":id"].$patch({ ...id, json: { content: body.content } })),
        TEXT.conversations.editPostFailed,
      );
    case "edit-comment":
      return attempt(
        () => unwrap(api.comments[":id"].$patch({ ...id, json: { content: body.content } })),
        TEXT.conversations.editCommentFailed,
      );
    case "delete-comment":
      return attempt(() => unwrap(api.comments[":id"].$delete(id)), TEXT.conversations.deleteCommentFailed, {
        fixed: true,
      });
    case "create-post":
      return attempt(() => unwrap(sendIdempotent((o) => api.posts.$post({ json: { content: body.content } }, o))));
    case "comment":
      return attempt(() =>
        unwrap(sendIdempotent((o) => api.posts[":id"].comments.$post({ ...id, json: { content: body.content } }, o))),
      );
    case "delete-notice":
      return attempt(() => unwrap(api["cosmic-notices"][":id"].$delete(id)), TEXT.lounge.noticeDeleteFailed, {
        fixed: true,
      });
    case "create-notice":
      return attempt(() => unwrap(api["cosmic-notices"].$post({ json: body.notice })), TEXT.lounge.noticeCreateFailed);
    // The AI drafts fill the notice form; their code loads with the notice dialog, not with the app.
    case "notice-text": {
      const { generateNoticeText } = await import("./notice-ai");
      return generateNoticeText(body.request);
    }
    case "notice-image": {
      const { generateNoticeImage } = await import("./notice-ai");
      return generateNoticeImage(body.request);
    }
  }
}
