/**
 * Test files made in code (nothing is downloaded): Word documents with the docx library, PDFs with a text
 * layer with @cantoo/pdf-lib (the maintained fork of pdf-lib), a scanned-like PDF that is only an image, an
 * encrypted PDF written by hand, and ZIP archives (a zip bomb among them) from a small ZIP writer. Used by the
 * server tests and the browser tests.
 */
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { AlignmentType, Document, HeadingLevel, ImageRun, LevelFormat, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

export interface SampleDoc {
  title: string;
  heading: string;
  paragraphs: string[];
  bullets: string[];
}

export const SAMPLE: SampleDoc = {
  title: 'Remote Work Report',
  heading: 'Key findings',
  paragraphs: [
    "In today's fast-paced world, it is important to note that remote work has fundamentally transformed the way teams collaborate. Moreover, organizations must leverage robust digital tools to foster seamless communication across every department.",
    'Furthermore, this comprehensive shift plays a crucial role in employee satisfaction. Studies consistently show that flexible schedules empower workers to navigate their personal and professional responsibilities with greater ease.',
    'In conclusion, the journey toward distributed work is a testament to the resilience of modern teams. Ultimately, embracing this change will unlock new opportunities for growth and innovation in the years ahead.',
  ],
  bullets: ['Teams communicate more in writing than before.', 'Flexible hours improve focus for most people.'],
};

export async function makeDocx(doc: SampleDoc = SAMPLE): Promise<Buffer> {
  const d = new Document({
    numbering: { config: [{ reference: 'dots', levels: [{ level: 0, format: LevelFormat.BULLET, text: '•' }] }] },
    sections: [
      {
        children: [
          new Paragraph({ text: doc.title, heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun(doc.paragraphs[0] ?? '')] }),
          new Paragraph({ text: doc.heading, heading: HeadingLevel.HEADING_2 }),
          ...doc.paragraphs.slice(1).map((p) => new Paragraph({ children: [new TextRun(p)] })),
          ...doc.bullets.map((b) => new Paragraph({ text: b, numbering: { reference: 'dots', level: 0 } })),
        ],
      },
    ],
  });
  return Packer.toBuffer(d);
}

/** The text of makeStyledDocx, paragraph by paragraph. */
export const STYLED = {
  heading: 'Why Teams Plan Ahead',
  intro:
    "In today's fast-paced world, planning plays a pivotal role in how teams deliver work. Moreover, it is important to note that a clear plan reduces rework, because everyone knows what comes next.",
  quote: 'A plan is a promise the team makes to itself, and a promise kept builds trust over time.',
  steps: ['Write the plan down', 'Share it with the whole team'],
  closing:
    'Furthermore, this comprehensive approach plays a crucial role in how teams navigate change and foster seamless collaboration.',
};

/**
 * A Word file with its own look: a Heading 1, a paragraph in a custom "MyQuote" style (Georgia, italic,
 * centred), a numbered list with its own numbering definition, and body paragraphs.
 */
export async function makeStyledDocx(): Promise<Buffer> {
  const d = new Document({
    styles: {
      paragraphStyles: [
        {
          id: 'MyQuote',
          name: 'My Quote',
          basedOn: 'Normal',
          quickFormat: true,
          run: { font: 'Georgia', italics: true, size: 26, color: '1F4E79' },
          paragraph: { indent: { left: 720, right: 720 } },
        },
      ],
    },
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [{ level: 0, format: LevelFormat.UPPER_ROMAN, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: STYLED.heading, heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: STYLED.intro }),
          new Paragraph({ text: STYLED.quote, style: 'MyQuote', alignment: AlignmentType.CENTER }),
          ...STYLED.steps.map((t) => new Paragraph({ text: t, numbering: { reference: 'steps', level: 0 } })),
          new Paragraph({ text: STYLED.closing }),
        ],
      },
    ],
  });
  return Packer.toBuffer(d);
}

/** A Word file with a picture between two paragraphs. */
export async function makeDocxWithImage(): Promise<Buffer> {
  const d = new Document({
    sections: [
      {
        children: [
          new Paragraph('Before the picture.'),
          new Paragraph({
            children: [new ImageRun({ type: 'png', data: makePng(40, 20), transformation: { width: 40, height: 20 } })],
          }),
          new Paragraph('After the picture.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(d);
}

/** A PDF with a real text layer: a large title, body paragraphs wrapped over several lines, a heading, bullets. */
export async function makeTextPdf(
  doc: SampleDoc = SAMPLE,
  opts: { bullets?: 'glyph' | 'drawn' } = {},
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595, 842]);
  let y = 780;
  const line = (text: string, size: number, f = font, x = 60) => {
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 780;
    }
    page.drawText(text, { x, y, size, font: f });
    y -= size * 1.3;
  };
  const wrap = (text: string, size: number, width = 475) => {
    const out: string[] = [];
    let cur = '';
    for (const w of text.split(' ')) {
      const next = cur ? `${cur} ${w}` : w;
      if (font.widthOfTextAtSize(next, size) > width && cur) {
        out.push(cur);
        cur = w;
      } else cur = next;
    }
    if (cur) out.push(cur);
    return out;
  };
  line(doc.title, 22, bold);
  y -= 8;
  const para = (p: string) => {
    for (const l of wrap(p, 11)) line(l, 11);
    y -= 9;
  };
  para(doc.paragraphs[0] ?? '');
  line(doc.heading, 15, bold);
  y -= 4;
  for (const p of doc.paragraphs.slice(1)) para(p);
  if (opts.bullets === 'drawn') {
    // As browsers print a list: each bullet a filled circle, no glyph in the text layer, the text indented,
    // a long item wrapped onto a second line at the same indent.
    for (const b of doc.bullets) {
      wrap(b, 11, 455).forEach((l, i) => {
        if (i === 0) page.drawCircle({ x: 66, y: y + 3.5, size: 2 });
        line(l, 11, font, 76);
      });
    }
  } else for (const b of doc.bullets) line(`•  ${b}`, 11);
  return Buffer.from(await pdf.save());
}

/** A grey PNG of the given size, written by hand (zlib + CRC). */
export function makePng(w = 200, h = 100): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((w + 1) * h, 0x80);
  for (let r = 0; r < h; r++) raw[r * (w + 1)] = 0; // filter byte per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What a scanner makes: pages that are only a picture, no text layer. */
export async function makeScannedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const img = await pdf.embedPng(makePng());
  for (let i = 0; i < 2; i++) pdf.addPage([595, 842]).drawImage(img, { x: 50, y: 400, width: 495, height: 250 });
  return Buffer.from(await pdf.save());
}

/** Assembles a PDF from object bodies, computing the cross-reference table. */
export function writePdf(objects: string[], trailerExtra = ''): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A small hand-written PDF with one line of text. */
export function makeTinyPdf(text = 'Hello from a hand-written PDF.'): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`;
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/**
 * A Japanese line in a non-embedded CID font with a predefined CMap (UniJIS-UCS2-H): its text can only be
 * read with pdf.js's character maps, so it proves they are found (in the source tree and in the bundle).
 */
export function makeCjkPdf(): Buffer {
  const stream = 'BT /F1 12 Tf 72 720 Td <65E5672C8A9E> Tj ET'; // 日本語 in UCS-2
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /KozMinPr6N-Regular /Encoding /UniJIS-UCS2-H /DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /KozMinPr6N-Regular /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 6 >> /FontDescriptor 7 0 R >>',
    '<< /Type /FontDescriptor /FontName /KozMinPr6N-Regular /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>',
  ]);
}

/** A PDF locked with a user password (standard security handler, RC4 40-bit): it cannot be opened without it. */
export function makeEncryptedPdf(): Buffer {
  const hex32 = (seed: number) =>
    Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) & 0xff).toString(16).padStart(2, '0')).join('');
  const stream = 'BT /F1 12 Tf 72 720 Td (secret) Tj ET';
  return writePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -3904 /O <${hex32(11)}> /U <${hex32(99)}> >>`,
    ],
    '/Encrypt 6 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] ',
  );
}

/** A ZIP archive of the given entries (deflated unless `stored`). */
export function makeZip(entries: { name: string; data: Buffer; stored?: boolean; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const comp = e.stored ? e.data : deflateRawSync(e.data);
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.data) >>> 0;
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.stored ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(comp.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.stored ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(comp.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, comp);
    centrals.push(central, name);
    offset += 30 + name.length + comp.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/** A .docx-shaped zip bomb: a few hundred KB that inflate to `mb` MB of XML-looking zeros, sizes declared small. */
export function makeZipBomb(mb = 200): Buffer {
  const big = Buffer.alloc(mb * 1024 * 1024, 0x20);
  return makeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'word/document.xml', data: big, declaredSize: 1024 },
  ]);
}

/** What Word writes for a password-protected .docx: an OLE compound file holding an EncryptionInfo stream. */
export function makeEncryptedDocxLike(): Buffer {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([
    header,
    Buffer.alloc(504),
    Buffer.from('EncryptionInfo', 'utf16le'),
    Buffer.alloc(1024),
    Buffer.from('EncryptedPackage', 'utf16le'),
  ]);
}
