// The app's PDFs read back as text by pdf.js, for the client and end-to-end tests.
import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

// Helvetica's widths, so that a PDF in jsPDF's standard font (the receipts before the embedded font) reads
// back as words, not letters apart.
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

/** The PDF's text, a line a row, pages one after the other. */
export async function pdfText(pdf: Blob | Uint8Array): Promise<string> {
  // A copy: pdf.js refuses a Node Buffer (a Uint8Array too).
  const data = new Uint8Array(pdf instanceof Blob ? await pdf.arrayBuffer() : pdf);
  const loading = getDocument({ data, standardFontDataUrl });
  const pdfDocument = await loading.promise;
  let text = "";
  for (let n = 1; n <= pdfDocument.numPages; n++) {
    const content = await (await pdfDocument.getPage(n)).getTextContent();
    for (const item of content.items) if ("str" in item) text += item.str + (item.hasEOL ? "\n" : "");
    text += "\n";
  }
  await loading.destroy();
  return text;
}
