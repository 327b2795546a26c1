// Small real files for the seeded library, made in code (no binaries in the repository): a PNG, a
// one-page PDF, a WAV tone, a ZIP and text. Each opens in the usual viewers.
import { crc32, deflateSync } from "node:zlib";

const u32be = (n) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** A `size` x `size` RGB PNG: concentric rings in violet and gold (a small mandala). */
export function mandalaPng(size = 96) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0]; // filter: none
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - size / 2, y - size / 2);
      const ring = Math.sin(d / 3 + Math.atan2(y - size / 2, x - size / 2) * 4) > 0;
      row.push(ring ? 122 : 245, ring ? 76 : 196, ring ? 191 : 92);
    }
    rows.push(Buffer.from(row));
  }
  const chunk = (type, data) =>
    Buffer.concat([
      u32be(data.length),
      Buffer.from(type),
      data,
      u32be(crc32(Buffer.concat([Buffer.from(type), data]))),
    ]);
  const header = Buffer.concat([u32be(size), u32be(size), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with `lines` of text (ASCII; accents are written without them). */
export function textPdf(lines) {
  const ascii = (s) =>
    s
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/[()\\]/g, "\\$&");
  const stream = ["BT", "/F1 14 Tf", "72 760 Td", "18 TL", ...lines.map((l) => `(${ascii(l)}) '`), "ET"].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  const entries = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** `seconds` of a soft sine tone at `hz` (8 kHz, 8-bit mono WAV), fading out like a singing bowl. */
export function toneWav(hz = 432, seconds = 1.5) {
  const rate = 8000;
  const n = Math.round(rate * seconds);
  const samples = Buffer.alloc(n);
  for (let i = 0; i < n; i++)
    samples[i] = 128 + Math.round(90 * Math.exp((-3 * i) / n) * Math.sin((2 * Math.PI * hz * i) / rate));
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + n, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(n, 40);
  return Buffer.concat([header, samples]);
}

/** A ZIP holding the given text files, stored without compression. */
export function zipOf(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
