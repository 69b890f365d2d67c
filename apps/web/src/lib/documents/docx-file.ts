/**
 * Builds a Word document from the text's structure with the `docx` library. Loaded on demand (a dynamic
 * import in download.ts), so the library is not part of the first page load.
 */
import { AlignmentType, Document, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } from 'docx';
import { textBlocks } from './text-blocks';

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

/** Runs for a block's text: its single line breaks become breaks inside the paragraph. */
const runs = (text: string) =>
  text.split('\n').map((line, i) => new TextRun({ text: line, ...(i > 0 ? { break: 1 } : {}) }));

const levels = (ordered: boolean) =>
  Array.from({ length: 6 }, (_, level) => ({
    level,
    format: ordered ? LevelFormat.DECIMAL : LevelFormat.BULLET,
    text: ordered ? `%${level + 1}.` : ['•', '◦', '▪'][level % 3]!,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
  }));

export async function buildDocx(text: string, title?: string): Promise<Blob> {
  // Each ordered list restarts at 1: one numbering instance per list.
  let listInstance = 0;
  let prevOrdered = false;
  const children = textBlocks(text).map((b, i, all) => {
    if (b.kind === 'heading') return new Paragraph({ heading: HEADINGS[b.level - 1], children: runs(b.text) });
    if (b.kind === 'item') {
      const prev = all[i - 1];
      if (b.ordered && (!prev || prev.kind !== 'item' || !prevOrdered)) listInstance++;
      prevOrdered = b.ordered;
      return new Paragraph({
        numbering: {
          reference: b.ordered ? 'numbered' : 'bullets',
          level: b.level,
          instance: b.ordered ? listInstance : 0,
        },
        children: runs(b.text),
      });
    }
    prevOrdered = false;
    return new Paragraph({ children: runs(b.text), spacing: { after: 160 } });
  });
  const doc = new Document({
    creator: 'Plainspoken',
    ...(title ? { title } : {}),
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    numbering: {
      config: [
        { reference: 'bullets', levels: levels(false) },
        { reference: 'numbered', levels: levels(true) },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBlob(doc);
}
