// The upload dialog's logic: the client-side file checks of docs/spec.md §5, and the one call that bypasses
// the typed client: a multipart upload through XMLHttpRequest, because only XHR reports upload progress. The
// file is streamed as it is, never read into base64. Loaded with the dialog.
import {
  RESOURCE_ACCEPT_EXTENSIONS,
  RESOURCE_EXTENSION_TYPES,
  RESOURCE_TYPE_PREFIXES,
} from "../../worker/shared/resource-files";
import { LIMITS } from "../../worker/shared/rules";
import { apiError } from "../api";
import { TEXT } from "../text";
import { fileExtension } from "./library";

/** The file's type as the server will judge it: the browser's, or the one its extension implies. */
export function effectiveFileType(file: Pick<File, "type" | "name">): string {
  if (file.type && file.type !== "application/octet-stream") return file.type.toLowerCase();
  return RESOURCE_EXTENSION_TYPES[fileExtension(file.name)] ?? file.type ?? "";
}

/** docs/spec.md §5 client-side file checks: the spec's texts, or null when the file may be sent. */
export function checkUploadFile(file: Pick<File, "type" | "name" | "size">): string | null {
  const type = effectiveFileType(file);
  if (!RESOURCE_TYPE_PREFIXES.some((p) => type.startsWith(p))) return TEXT.resources.typeNotSupported;
  if (file.size > LIMITS.resourceUploadMaxBytes) return TEXT.resources.tooLarge;
  return null;
}

/** The file name without its extension: the upload title's default. */
export const titleFromFileName = (name: string) => name.replace(/\.[^./\\]+$/, "") || name;

/** The file chooser's accept list: the allowed type prefixes plus docs/spec.md §5's extensions. */
export const UPLOAD_ACCEPT = [
  ...RESOURCE_TYPE_PREFIXES.map((p) => (p.endsWith("/") ? `${p}*` : p)),
  "application/x-rar-compressed",
  ...RESOURCE_ACCEPT_EXTENSIONS,
].join(",");

export type UploadInput = { file: File; fileType: string; title: string; description: string; tags: string[] };

/** POST /api/resources/upload as multipart/form-data; `onProgress` gets 0..1 as bytes are sent. */
export function uploadResource(input: UploadInput, onProgress: (fraction: number) => void): Promise<void> {
  const body = new FormData();
  body.set("title", input.title);
  body.set("description", input.description);
  body.set("tags", JSON.stringify(input.tags));
  body.set("file_type", input.fileType);
  body.set("file", input.file, input.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/resources/upload");
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && parsed && typeof parsed === "object") {
        // The library reloads after an upload: the new row comes from the list, not from this answer.
        onProgress(1);
        resolve();
        return;
      }
      reject(apiError(xhr.status, parsed));
    };
    xhr.onerror = () => reject(new Error(TEXT.resources.uploadFailed));
    xhr.onabort = () => reject(new Error(TEXT.resources.uploadFailed));
    xhr.send(body);
  });
}
