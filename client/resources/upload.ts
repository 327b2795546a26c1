// The one call that bypasses the typed client: a multipart upload through XMLHttpRequest, because
// only XHR reports upload progress. The file is streamed as it is, never read into base64.
import { apiError } from "../api";
import { TEXT } from "../text";

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
