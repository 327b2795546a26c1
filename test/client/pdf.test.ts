// The app's PDFs (a payment's receipt, a library resource's export) print names as written: Polish, Spanish and
// Greek letters in the embedded font, and in place of an emoji, which the font cannot draw, Unicode's sign for a
// missing character, with the rest of the line still printed.

import { describe, expect, it } from "vitest";
import { MISSING_GLYPH, printableText } from "../../client/components/pdf-writer";
import { resourcePdf } from "../../client/resources/export";
import { receiptPdf } from "../../client/settings/membership/receipt";
import { pdfText } from "../pdf-text";
import { servePdfFont } from "./pdf-font";
import { memberPayment } from "./render";

const NAMES = "Łucja Ñuñoa Ωmega 🚀 end";
const PRINTED = `Łucja Ñuñoa Ωmega ${MISSING_GLYPH} end`;

const payment = memberPayment();

describe("PDFs in the embedded Unicode font", () => {
  it("the receipt prints the member's name as written", async () => {
    servePdfFont();
    const text = await pdfText(await receiptPdf(payment, { name: NAMES, email: "lucja@example.com" }));
    expect(text).toContain(`${PRINTED} <lucja@example.com>`);
  });

  it("the resource export prints its title and text as written", async () => {
    servePdfFont();
    const text = await pdfText(await resourcePdf(NAMES, `# ${NAMES}\n\nSaludos desde ${NAMES}.`));
    expect(text.split("\n")).toEqual(expect.arrayContaining([PRINTED, `Saludos desde ${PRINTED}.`]));
  });

  it("a character the font lacks is one sign per character as seen; emoji joiners and styles are dropped", () => {
    const latinOnly = (codePoint: number) => codePoint < 0x250;
    expect(printableText("a👍🏽b🇨🇱c👨‍👩‍👧d", latinOnly)).toBe(`a${MISSING_GLYPH}b${MISSING_GLYPH}c${MISSING_GLYPH}d`);
    // A symbol the font has keeps its text form; its emoji-style selector has no glyph to print.
    expect(printableText("\u2764\uFE0F ok", () => true)).toBe("\u2764 ok");
    expect(printableText("a\tb", (codePoint) => codePoint !== 0x09)).toBe("a b");
    // Decomposed accents are composed first: the font draws "ñ" whole.
    expect(printableText("n\u0303", (codePoint) => codePoint === 0xf1)).toBe("ñ");
  });
});
