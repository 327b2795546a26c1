// AI: key health, what is configured, notice text and images for admins, library texts and images
// for everyone who can see the library. Every generation counts against the caller's hourly AI limit
// (limitAiCalls); the work itself is in services/ai/generate.ts. Errors carry { error, code, details?, model }.
import { z } from "zod";
import { recordAudit } from "../../db/audit";
import { requireAdmin, requirePaidMember, requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { limited } from "../../platform/rate-limit";
import { serveBlob } from "../../platform/storage";
import { validate } from "../../platform/validate";
import { NOTICE_TEXT_TYPES, RESOURCE_TEXT_TYPES, TEXT_MODELS } from "../../shared/ai-rules";
import { toResourceDto } from "../library/index";
import {
  aiCapabilities,
  generateNoticeImage,
  generateNoticeText,
  generateResourceImage,
  generateResourceText,
} from "./generate";
import { aiImageFields, optionalTitle, prompt, tags } from "./inputs";
import { limitAiCalls } from "./limit";
import { checkAllKeys } from "./providers";

const noticeTextBody = z.object({ prompt, type: z.enum(NOTICE_TEXT_TYPES), model: z.enum(TEXT_MODELS) });
const noticeImageBody = z.object(aiImageFields);
const resourceTextBody = z.object({
  prompt,
  title: optionalTitle,
  type: z.enum(RESOURCE_TEXT_TYPES),
  tags,
  model: z.enum(TEXT_MODELS),
});
const resourceImageBody = z.object({ ...aiImageFields, title: optionalTitle, tags });

/** newBlobKey("ai") is ai/YYYY-MM/<24 base64url characters>; nothing else is ever served. */
const imageKeyParam = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  token: z.string().regex(/^[A-Za-z0-9_-]{24}$/),
});

export const aiRoutes = createRouter()
  // The API key check: one entry per provider; the keys themselves never leave the server.
  .post("/validate-keys", requireAdmin, limited("adminWrites"), async (c) => {
    const results = await checkAllKeys(c.env);
    const available = Object.fromEntries(Object.entries(results).map(([name, r]) => [name, r.available]));
    await recordAudit(c.var.db, {
      actorId: c.var.user.id,
      action: "ai.key_test",
      targetType: "ai_keys",
      after: available,
    });
    return c.json({ results });
  })
  .get("/capabilities", requireUser, (c) => c.json(aiCapabilities(c.env)))
  // Notice text (admins): { title, content } with the title cut to 60 and the content wrapped and sanitised.
  .post("/generate-notice-text", requireAdmin, validate("json", noticeTextBody), limitAiCalls, async (c) =>
    c.json(await generateNoticeText(c.env, c.req.valid("json"))),
  )
  // Notice image (admins): stored in R2, served to signed-in users by /api/ai/images/...
  .post("/generate-notice-image", requireAdmin, validate("json", noticeImageBody), limitAiCalls, async (c) => {
    const key = await generateNoticeImage(c.env, c.req.valid("json"));
    // Absolute: a notice's image_url must be an http(s) address.
    return c.json({ image_url: new URL(`/api/${key.replace(/^ai\//, "ai/images/")}`, c.req.url).toString() });
  })
  .get("/images/:month/:token", requireUser, validate("param", imageKeyParam), async (c) => {
    const { month, token } = c.req.valid("param");
    return serveBlob(c.req.raw, c.env.BLOBS, `ai/${month}/${token}`, { cacheControl: "private, max-age=86400" });
  })
  // Library text (paid members, admins): a markdown resource, titled from the answer when no title was given.
  .post("/generate-text", requirePaidMember, validate("json", resourceTextBody), limitAiCalls, async (c) => {
    const row = await generateResourceText(c.var.db, c.env, c.var.user, c.req.valid("json"));
    return c.json({ success: true as const, storage_method: "r2" as const, resource: toResourceDto(row) }, 201);
  })
  // Library image (paid members, admins): stored in R2; only if that fails is a provider URL kept.
  .post("/generate-image", requirePaidMember, validate("json", resourceImageBody), limitAiCalls, async (c) => {
    const { storage_method, row } = await generateResourceImage(c.var.db, c.env, c.var.user, c.req.valid("json"));
    return c.json({ success: true as const, storage_method, resource: toResourceDto(row) }, 201);
  });
