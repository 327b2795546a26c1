// The library's action: its writes, one intent each (docs/client.md#writes; an upload excepted:
// UploadModal). It loads with the library's screen (the route's lazy action), not with the app's shell.
import type { InferRequestType } from "hono/client";
import { api, unwrap } from "../api";
import { attempt, readIntent } from "../data/actions";
import { TEXT } from "../text";

export type ResourceChanges = InferRequestType<(typeof api.resources)[":id"]["$put"]>["json"];
type TextGenerationInput = InferRequestType<(typeof api.ai)["generate-text"]["$post"]>["json"];
type ImageGenerationInput = InferRequestType<(typeof api.ai)["generate-image"]["$post"]>["json"];

export type LibraryIntent =
  | { intent: "update-resource"; id: number; changes: ResourceChanges }
  | { intent: "delete-resource"; id: number }
  | { intent: "generate-text"; input: TextGenerationInput }
  | { intent: "generate-image"; input: ImageGenerationInput };

/**
 * The library's writes through fetchers (an upload excepted: UploadModal); the router then loads the
 * library again. The AI generator's code loads with its dialog, not with the app.
 */
export async function libraryAction({ request }: { request: Request }) {
  const body = await readIntent<LibraryIntent>(request);
  switch (body.intent) {
    case "update-resource":
      return attempt(
        () => unwrap(api.resources[":id"].$put({ param: { id: String(body.id) }, json: body.changes })),
        TEXT.resources.updateFailed,
      );
    case "delete-resource":
      return attempt(
        () => unwrap(api.resources[":id"].$delete({ param: { id: String(body.id) } })),
        TEXT.resources.deleteFailed,
      );
    case "generate-text": {
      const { generateResourceText } = await import("./resource-ai");
      return generateResourceText(body.input);
    }
    case "generate-image": {
      const { generateResourceImage } = await import("./resource-ai");
      return generateResourceImage(body.input);
    }
  }
}
