// The app's PDFs (a payment's receipt, a library resource's export): jsPDF writing in DejaVu Sans, embedded
// in the file, because jsPDF's built-in Helvetica has only Latin-1's letters (it prints "Łucja" as "Aucja").
// The font is a file of its own (740 KB, 370 KB gzipped) fetched on the first PDF of a page: callers import
// this module dynamically, so neither jspdf nor the font weighs on a first load. Layout: docs/spec.md §9.
import dejaVuSansUrl from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url";
import { jsPDF } from "jspdf";
import { PDF_LAYOUT } from "../../worker/shared/export-rules";

const FONT = "DejaVuSans";
const TITLE_SIZE = 16;
const TEXT_SIZE = 11;

/** Printed for what the font cannot draw (an emoji, a script it lacks): Unicode's sign for exactly that. */
export const MISSING_GLYPH = "\uFFFD";

/** Characters that only style or join emoji; dropped, since the emoji around them are not drawn either. */
const EMOJI_FORMATTING = /[\u200D\uFE0E\uFE0F]/g;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The text with every character the font has no glyph for replaced: one MISSING_GLYPH per user-perceived
 * character (a flag or a skin-toned emoji is one), a space for a space. jsPDF would otherwise end the line
 * at the first such character.
 */
export function printableText(text: string, hasGlyph: (codePoint: number) => boolean): string {
  let printable = "";
  for (const { segment } of graphemes.segment(text.normalize("NFC"))) {
    const characters = segment.replace(EMOJI_FORMATTING, "");
    // jsPDF looks glyphs up one UTF-16 unit at a time: nothing past U+FFFF (most emoji) can be drawn.
    const drawable = Array.from(characters).every((c) => {
      const codePoint = c.codePointAt(0) ?? 0;
      return codePoint <= 0xffff && hasGlyph(codePoint);
    });
    // A tab or another space the font has no glyph for is still a space.
    printable += drawable ? characters : /^\s+$/.test(characters) ? " " : MISSING_GLYPH;
  }
  return printable;
}

/** What jsPDF keeps of a parsed TrueType font (its types say `any`): the cmap lookup, 0 for "no glyph". */
interface ParsedFont {
  characterToGlyph(codePoint: number): number;
}

let fontFile: Promise<string> | undefined;

/** The font as the binary string jsPDF's virtual file system takes; fetched once per page, again after a failure. */
function loadFont(): Promise<string> {
  fontFile ??= (async () => {
    const response = await fetch(dejaVuSansUrl);
    if (!response.ok) throw new Error(`The PDF font did not load (${response.status})`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = "";
    // In slices: one call with 740 K arguments would overflow the stack.
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return binary;
  })().catch((error: unknown) => {
    fontFile = undefined;
    throw error;
  });
  return fontFile;
}

export interface PdfWriter {
  /** The title: large, wrapped to the text width, with half a line's space under it. */
  title(text: string): void;
  /** A line of text, wrapped to the text width; an empty one leaves a blank line. */
  text(text: string): void;
  /** Half a line's space. */
  gap(): void;
  blob(): Blob;
}

/** A new A4 document written top to bottom at the spec's margins, starting a page when one is full. */
export async function createPdfWriter(): Promise<PdfWriter> {
  // Compressed: jsPDF's subset of the font still keeps whole tables (145 KB; 60 KB deflated).
  const doc = new jsPDF({ compress: true });
  doc.addFileToVFS(`${FONT}.ttf`, await loadFont());
  doc.addFont(`${FONT}.ttf`, FONT, "normal");
  doc.setFont(FONT, "normal");
  const font: ParsedFont = doc.getFont().metadata;
  const hasGlyph = (codePoint: number) => font.characterToGlyph(codePoint) !== 0;
  const { margin, textWidth, pageBreakY, lineSpacing } = PDF_LAYOUT;
  let y = margin;

  const write = (text: string, size: number) => {
    doc.setFontSize(size);
    const printable = printableText(text, hasGlyph);
    const lines: string[] = printable === "" ? [""] : doc.splitTextToSize(printable, textWidth);
    for (const line of lines) {
      if (y > pageBreakY) {
        doc.addPage();
        y = margin;
      }
      doc.text(line, margin, y);
      y += lineSpacing;
    }
  };
  return {
    title: (text) => {
      write(text, TITLE_SIZE);
      y += lineSpacing / 2;
    },
    text: (text) => write(text, TEXT_SIZE),
    gap: () => {
      y += lineSpacing / 2;
    },
    blob: () => doc.output("blob"),
  };
}
