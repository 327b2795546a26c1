// Downloads made in the browser: markdown to PDF (marked and the PDF writer load only when used), the .txt
// fallback, and AI images as JPEG.
import { htmlToText } from "./file-text";

/** A file name for downloads derived from a title. */
const safeFileBase = (title: string) =>
  title
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a file name loses them.
    .replace(/[\\/:*?"<>|\x00-\x1f]+/g, " ")
    .trim()
    .slice(0, 100) || "resource";

/** Saves a Blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Markdown -> HTML (marked) -> plain text lines. */
export async function markdownToLines(markdown: string): Promise<string[]> {
  const { marked } = await import("marked");
  const html = await marked.parse(markdown);
  return htmlToText(html).split("\n");
}

/** The title and the markdown's text as a PDF, laid out as docs/spec.md §9 says. */
export async function resourcePdf(title: string, markdown: string): Promise<Blob> {
  const lines = await markdownToLines(markdown);
  const { createPdfWriter } = await import("../components/pdf-writer");
  const pdf = await createPdfWriter();
  pdf.title(title);
  for (const line of lines) pdf.text(line);
  return pdf.blob();
}

/** Saves the resource as a PDF or, if making the PDF fails, its text as a .txt file. Returns which one was saved. */
export async function exportPdf(title: string, markdown: string): Promise<"pdf" | "txt"> {
  const base = safeFileBase(title);
  try {
    saveBlob(await resourcePdf(title, markdown), `${base}.pdf`);
    return "pdf";
  } catch {
    saveBlob(new Blob([`${title}\n\n${markdown}`], { type: "text/plain;charset=utf-8" }), `${base}.txt`);
    return "txt";
  }
}

/** Draws an image onto a canvas and saves it as JPEG. */
export async function downloadJpeg(url: string, title: string): Promise<void> {
  const img = new Image();
  img.crossOrigin = "anonymous";
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error("image failed to load"));
    img.src = url;
  });
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no canvas");
  // JPEG has no transparency: paint white under the image.
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
  if (!blob) throw new Error("JPEG encoding failed");
  saveBlob(blob, `${safeFileBase(title)}.jpg`);
}
