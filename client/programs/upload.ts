// A lesson's audio or video sent in R2 multipart parts (files above what one request may carry): each part is sent
// until it arrives (three tries), and an upload interrupted (a dropped connection, a closed tab) resumes from the
// parts the server has, found again by the lesson, file name and size kept on this device.
import { PROGRAM_LIMITS } from "../../worker/shared/programs";
import { api, requestError, unwrap } from "../api";

const storeKey = (lessonId: number, file: File) => `lesson-upload:${lessonId}:${file.name}:${file.size}`;
const TRIES = 3;

/** True when the file goes up in parts rather than with the lesson's form. */
export const needsParts = (file: File) => file.size > PROGRAM_LIMITS.lessonMediaMaxBytes;

async function startOrResume(lessonId: number, file: File) {
  const param = { id: String(lessonId) };
  const known = localStorage.getItem(storeKey(lessonId, file));
  if (known) {
    const res = await api.lessons[":id"].uploads[":uploadId"].$get({ param: { ...param, uploadId: known } });
    if (res.ok) return res.json();
  }
  const started = await unwrap(
    api.lessons[":id"].uploads.$post({
      param,
      json: { file_name: file.name, content_type: file.type, size: file.size },
    }),
  );
  localStorage.setItem(storeKey(lessonId, file), started.upload_id);
  return started;
}

export async function uploadInParts(lessonId: number, file: File, onProgress: (fraction: number) => void) {
  const upload = await startOrResume(lessonId, file);
  const done = new Set<number>(upload.done);
  const path = `/api/lessons/${lessonId}/uploads/${encodeURIComponent(upload.upload_id)}`;
  for (let part = 1; part <= upload.parts; part++) {
    onProgress(done.size / upload.parts);
    if (done.has(part)) continue;
    const body = file.slice((part - 1) * upload.part_size, part * upload.part_size);
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(`${path}/parts/${part}`, {
          method: "PUT",
          body,
          headers: { "content-type": "application/octet-stream" },
          credentials: "same-origin",
        });
        if (!res.ok) throw await requestError(res);
        break;
      } catch (err) {
        if (attempt >= TRIES) throw err;
      }
    }
    done.add(part);
  }
  const finished = await fetch(`${path}/complete`, { method: "POST", credentials: "same-origin" });
  if (!finished.ok) throw await requestError(finished);
  localStorage.removeItem(storeKey(lessonId, file));
  onProgress(1);
}
