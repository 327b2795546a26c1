// The library's file types (docs/spec.md §5), read by the upload's check in the worker and by the library's upload
// dialog: a module of its own, so the client's first load (which carries rules.ts) does not carry them.

/** docs/spec.md §5: upload type prefixes that the library accepts. */
export const RESOURCE_TYPE_PREFIXES = [
  "image/",
  "video/",
  "audio/",
  "application/pdf",
  "text/",
  "application/msword",
  "application/vnd.openxmlformats-officedocument",
  "application/zip",
  "application/x-rar",
] as const;
export const RESOURCE_ACCEPT_EXTENSIONS = [".pdf", ".doc", ".docx", ".txt", ".zip", ".rar"] as const;
/** The type of a file whose browser gave none (a .md or .rar often arrives as ""), by extension. */
export const RESOURCE_EXTENSION_TYPES: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  txt: "text/plain",
  csv: "text/csv",
  html: "text/html",
  htm: "text/html",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  zip: "application/zip",
  rar: "application/x-rar-compressed",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  m4a: "audio/mp4",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};
