// What an AI request may ask for, checked at the boundary: the notice board's, the library's and an event
// cover's requests share these fields.
import { z } from "zod";
import { IMAGE_MODELS, IMAGE_QUALITIES, IMAGE_SIZES, IMAGE_STYLES } from "../../shared/ai-rules";
import { LIBRARY_LIMITS } from "../../shared/library-rules";
import { LIMITS } from "../../shared/rules";
import { API_ERRORS as E } from "../../shared/texts";
import { normaliseTags } from "../library/index";

export const prompt = z.string(E.prompt_required).trim().min(1, E.prompt_required).max(LIMITS.aiPromptMax);
export const optionalTitle = z
  .string()
  .trim()
  .max(LIBRARY_LIMITS.resourceTitleMax)
  .nullish()
  .transform((v) => v || null);
export const tags = z
  .array(z.string().max(1000))
  .max(200)
  .optional()
  .transform((list) => normaliseTags(list ?? []))
  .pipe(z.array(z.string().max(LIMITS.tagMax, E.tag_too_long)).max(LIMITS.tagsMax, E.too_many_tags));
/** An image request's fields (the notice board's, and an event cover's through the same providers). */
export const aiImageFields = {
  prompt,
  style: z.enum(IMAGE_STYLES),
  quality: z.enum(IMAGE_QUALITIES),
  size: z.enum(IMAGE_SIZES),
  model: z.enum(IMAGE_MODELS),
};
