// The resource library (docs/spec.md §2 Resources, §4, §5, §7): paid members and admins list, upload and
// download; admins edit and delete. Files live in R2 under generated keys and are served by
// /api/resources/{id}/file, which checks the membership on every request.
import { z } from "zod";
import { membershipRow, membershipView } from "../../db/memberships";
import {
  paidAccessOr403,
  requireAdmin,
  requirePaidMember,
  requireUserInBatch,
  withSessionBatch,
} from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { ApiError, badRequest, notFound } from "../../platform/errors";
import { requireUnmuted } from "../../platform/mute";
import { limited } from "../../platform/rate-limit";
import { serveBlob } from "../../platform/storage";
import { checkedResourceType, cleanFileName, decodeDataUrl } from "../../platform/uploads";
import { idParam, parseInput, rowId, validate } from "../../platform/validate";
import { LIBRARY_LIMITS } from "../../shared/library-rules";
import { DEFAULT_NAME, LIMITS } from "../../shared/rules";
import { API_ERRORS, TEXTS } from "../../shared/texts";
import {
  deleteResourceRow,
  getResource,
  listResources,
  normaliseTags,
  resourceTagsAndTotal,
  resourceTagsQuery,
  toResourceDto,
  updateResource,
} from "./queries";
import { storeResource } from "./store";

const MAX_BYTES = LIMITS.resourceUploadMaxBytes;

const tooLarge = () => new ApiError(413, TEXTS.resources.tooLarge);

/** "a, b" or '["a","b"]' (multipart) or a list (JSON) -> trimmed tags, empties dropped. */
function splitTags(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return normaliseTags(value);
  const text = value.trim();
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((t) => typeof t === "string")) return normaliseTags(parsed);
    } catch {
      /* not JSON: a comma-separated list after all */
    }
  }
  return normaliseTags(text.split(","));
}

const tagsInput = z
  .union([z.array(z.string().max(1000)).max(200), z.string().max(10_000)])
  .optional()
  .transform(splitTags)
  .pipe(z.array(z.string().max(LIMITS.tagMax, API_ERRORS.tag_too_long)).max(LIMITS.tagsMax, API_ERRORS.too_many_tags));

const titleInput = z
  .string(TEXTS.resources.titleRequired)
  .trim()
  .min(1, TEXTS.resources.titleRequired)
  .max(LIBRARY_LIMITS.resourceTitleMax);
const descriptionInput = z
  .string()
  .trim()
  .max(LIBRARY_LIMITS.resourceDescriptionMax)
  .nullish()
  .transform((v) => v || null);

const uploadFields = z.object({
  title: titleInput,
  description: descriptionInput,
  tags: tagsInput,
  file_type: z.string().trim().max(255).optional(),
});

const jsonUploadBody = uploadFields.extend({
  file_data: z.string().regex(/^data:[^,]*;base64,/i, "file_data must be a base64 data URL"),
  file_name: z.string().trim().min(1, TEXTS.resources.fileRequired).max(1000),
});

const editBody = z.object({ title: titleInput, description: descriptionInput, tags: tagsInput });

/** A library page: newest first, `before` = the id of the previous page's last resource. */
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIBRARY_LIMITS.resourcesPageMax).default(LIMITS.resourcesPageDefault),
  before: rowId.optional(),
  q: z.string().trim().max(LIBRARY_LIMITS.resourceSearchMax).optional(),
  tag: z.string().trim().max(LIMITS.tagMax).optional(),
});

export const resourceRoutes = createRouter()
  // A library page: the session, the membership and the page in one D1 round trip (the page is
  // read whatever the membership, and sent only to a paying member or an admin).
  .get("/", requireUserInBatch, validate("query", pageQuery), async (c) => {
    const {
      user,
      results: [[membership], rows],
    } = await withSessionBatch(c, (member) => [
      membershipRow(c.var.db, member.id),
      listResources(c.var.db, c.req.valid("query")),
    ]);
    paidAccessOr403(membershipView(user, membership));
    return c.json(rows.map(toResourceDto));
  })
  // The tag list: the session, the membership and the maintained counts in one D1 round trip.
  .get("/tags", requireUserInBatch, async (c) => {
    const {
      user,
      results: [[membership], tags],
    } = await withSessionBatch(c, (member) => [membershipRow(c.var.db, member.id), resourceTagsQuery(c.var.db)]);
    paidAccessOr403(membershipView(user, membership));
    return c.json(resourceTagsAndTotal(tags));
  })
  .post("/upload", requirePaidMember, requireUnmuted, limited("uploads"), async (c) => {
    const bodyType = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    const multipart = bodyType === "multipart/form-data";
    if (!multipart && !/^application\/([\w.-]+\+)?json$/.test(bodyType)) {
      throw new ApiError(415, "Send the file as multipart/form-data or as JSON with a data URL");
    }
    // The body is capped on the stream by bodyGuard (a body past the cap answers 413 from there).
    const request = c.req.raw;
    const owner = { id: c.var.user.id, name: c.var.user.name?.trim() || DEFAULT_NAME };

    if (multipart) {
      let form: FormData;
      try {
        form = await request.formData();
      } catch {
        throw badRequest(TEXTS.resources.processFailed);
      }
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) throw badRequest(TEXTS.resources.fileRequired);
      // Every field but the file itself, so an unknown one is refused like in any other body.
      const fields = parseInput(
        "form",
        uploadFields,
        Object.fromEntries([...new Set(form.keys())].filter((k) => k !== "file").map((k) => [k, form.get(k)])),
      );
      if (file.size > MAX_BYTES) throw tooLarge();
      const fileName = cleanFileName(file.name, "download");
      const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
      const fileType = checkedResourceType(fields.file_type || file.type, fileName, head);
      // The file's own stream with its known length goes straight to R2 (FixedLengthStream).
      const row = await storeResource(c.var.db, c.env.BLOBS, {
        title: fields.title,
        description: fields.description,
        tags: fields.tags,
        fileName,
        fileType,
        kind: "upload",
        owner,
        body: file.stream(),
        size: file.size,
      });
      return c.json(toResourceDto(row), 201);
    }

    let raw: unknown;
    try {
      raw = await request.json();
    } catch {
      throw badRequest(TEXTS.api.invalidJson);
    }
    const input = parseInput("json", jsonUploadBody, raw);
    const { mediaType, bytes } = decodeDataUrl(input.file_data, MAX_BYTES, {
      invalid: "file_data must be a base64 data URL",
      tooLarge: TEXTS.resources.tooLarge,
    });
    if (bytes.length === 0) throw badRequest(TEXTS.resources.fileRequired);
    const fileName = cleanFileName(input.file_name, "download");
    const fileType = checkedResourceType(input.file_type || mediaType.essence, fileName, bytes.subarray(0, 64));
    const row = await storeResource(c.var.db, c.env.BLOBS, {
      title: input.title,
      description: input.description,
      tags: input.tags,
      fileName,
      fileType,
      kind: "upload",
      owner,
      body: bytes,
      size: bytes.length,
    });
    return c.json(toResourceDto(row), 201);
  })
  .get("/:id/file", requirePaidMember, validate("param", idParam), async (c) => {
    const row = await getResource(c.var.db, c.req.valid("param").id);
    if (!row) throw notFound();
    if (!row.fileKey) {
      if (row.externalUrl) return c.redirect(row.externalUrl, 302);
      throw notFound();
    }
    // no-cache: the browser revalidates (ETag) so the membership check runs on every request.
    return serveBlob(c.req.raw, c.env.BLOBS, row.fileKey, { cacheControl: "private, no-cache" });
  })
  .put(
    "/:id",
    requireAdmin,
    limited("adminWrites"),
    validate("param", idParam),
    validate("json", editBody),
    async (c) => {
      const { title, description, tags } = c.req.valid("json");
      const row = await updateResource(c.var.db, c.req.valid("param").id, { title, description, tags });
      if (!row) throw notFound();
      return c.json(toResourceDto(row));
    },
  )
  .delete("/:id", requireAdmin, limited("adminWrites"), validate("param", idParam), async (c) => {
    const row = await deleteResourceRow(c.var.db, c.req.valid("param").id);
    if (!row) throw notFound();
    if (row.fileKey) await c.env.BLOBS.delete(row.fileKey);
    return c.json({ success: true });
  });
