/**
 * The result as a Word file, optionally with every change as a tracked revision (GET
 * /api/transformations/:id/export.docx?changes=tracked). The original and the result are read as the
 * product's text blocks (headings, list items, paragraphs), paired block by block, and diffed word by word
 * inside each pair; each changed phrase becomes a deletion and an insertion by "Plainspoken" at the
 * rewrite's time, with a comment that says why in plain words. Accepting every change in Word gives the
 * result, rejecting every change gives the original. Blocks only one side has are inserted or deleted
 * paragraphs (their paragraph mark is tracked too). A rewrite of an uploaded Word file that kept the file's
 * look (decision 0036) uses the file's styles part and gives each paragraph the style, numbering and
 * alignment its original paragraph had; paragraphs without one get the default styles.
 */
import { zipSync, strToU8 } from 'fflate';
import { TRACKED_AUTHOR, textBlocks, type TextBlock } from '@plainspoken/shared';
import { changeReason } from '@plainspoken/humanizer/explain';
import type { KeptLayout, ParaProps } from '../../domain/document-layout';
import { pairBlocks, pieces, type Pair } from './word-diff';

export interface DocxInput {
  original: string;
  result: string;
  /** When the rewrite was made: the time of every revision and comment. */
  date: Date;
  /** Which engine wrote the result ('model' or 'local'): worded into the reasons. */
  engine: string | null;
  /** false: the result alone, no revisions. */
  tracked: boolean;
  /**
   * The engine's own words when the user edited the result afterwards (its rewrite, and any sentence
   * alternatives it offered): a change whose new words the engine did not write, or that removes words the
   * engine kept, is the user's ("edited by you").
   */
  rewrite?: string | null;
  title?: string;
  /** An uploaded Word file's own look, lined up with the original's blocks. */
  layout?: KeptLayout | null;
}

// ---- WordprocessingML ----

const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

export function xmlEscape(s: string): string {
  return (
    s
      // Characters XML 1.0 cannot carry.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

/** Runs for a text: line breaks become w:br, tabs w:tab; `deleted` writes w:delText. */
function runs(text: string, deleted = false): string {
  const tag = deleted ? 'w:delText' : 'w:t';
  let out = '';
  for (const part of text.split(/(\n|\t)/)) {
    if (part === '') continue;
    if (part === '\n') out += '<w:r><w:br/></w:r>';
    else if (part === '\t') out += '<w:r><w:tab/></w:r>';
    else out += `<w:r><${tag} xml:space="preserve">${xmlEscape(part)}</${tag}></w:r>`;
  }
  return out;
}

/** The sentence of `text` around offset `at`. */
function sentenceAt(text: string, at: number): string {
  const re = /[^.!?\n]+(?:[.!?]+["'\u201d\u2019)]*|$)\s*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0] === '') break;
    if (at < m.index + m[0].length) return m[0].trim();
  }
  return text.trim();
}

const USER_EDIT = 'edited by you after the rewrite';

interface Numbering {
  /** w:numId per list: 1 is the bullets; each ordered list gets its own, restarting at 1. */
  ordered: number[];
}

/** The kept properties as WordprocessingML (pStyle, numPr, jc: the schema's order). */
function keptProps(p: ParaProps): string {
  let out = '';
  if (p.style) out += `<w:pStyle w:val="${xmlEscape(p.style)}"/>`;
  if (p.num) out += `<w:numPr><w:ilvl w:val="${p.num.level}"/><w:numId w:val="${p.num.id}"/></w:numPr>`;
  if (p.align) out += `<w:jc w:val="${p.align}"/>`;
  return out;
}

class DocWriter {
  private rev = 1;
  private comments: string[] = [];
  private readonly date: string;
  readonly numbering: Numbering = { ordered: [] };
  private lastOrdered = 0;
  private prevWasOrderedItem = false;

  constructor(
    private readonly input: DocxInput,
    date: Date,
    /** The original's blocks with their kept properties (an uploaded Word file's). */
    private readonly kept: Map<TextBlock, ParaProps>,
    /** Added to the default lists' w:numId, so they do not clash with a kept numbering part's. */
    private readonly numBase: number,
  ) {
    this.date = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  private attrs(): string {
    return `w:id="${this.rev++}" w:author="${TRACKED_AUTHOR}" w:date="${this.date}"`;
  }

  private comment(reason: string): { start: string; end: string } {
    const id = this.comments.length;
    this.comments.push(
      `<w:comment w:id="${id}" w:author="${TRACKED_AUTHOR}" w:date="${this.date}" w:initials="PS"><w:p><w:pPr><w:pStyle w:val="CommentText"/></w:pPr><w:r><w:t xml:space="preserve">${xmlEscape(reason)}</w:t></w:r></w:p></w:comment>`,
    );
    return {
      start: `<w:commentRangeStart w:id="${id}"/>`,
      end: `<w:commentRangeEnd w:id="${id}"/><w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="${id}"/></w:r>`,
    };
  }

  /** Paragraph properties of a block (style, list numbering), with an optional tracked paragraph mark. */
  private pPr(block: TextBlock, mark: '' | 'ins' | 'del', kept?: ParaProps): string {
    let props = '';
    if (kept) props = keptProps(kept);
    else if (block.kind === 'heading') props = `<w:pStyle w:val="Heading${block.level}"/>`;
    else if (block.kind === 'item') {
      let numId = this.numBase + 1;
      if (block.ordered) {
        if (!this.prevWasOrderedItem) {
          this.lastOrdered = this.numBase + 2 + this.numbering.ordered.length;
          this.numbering.ordered.push(this.lastOrdered);
        }
        numId = this.lastOrdered;
      }
      props = `<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="${block.level}"/><w:numId w:val="${numId}"/></w:numPr>`;
    }
    this.prevWasOrderedItem = block.kind === 'item' && block.ordered;
    const rPr = mark ? `<w:rPr><w:${mark} ${this.attrs()}/></w:rPr>` : '';
    return props || rPr ? `<w:pPr>${props}${rPr}</w:pPr>` : '';
  }

  paragraph(pair: Pair): string {
    const { a, b } = pair;
    // The original paragraph's own properties, while the rewrite keeps its kind (heading, item, paragraph).
    const kept = a && (!b || b.kind === a.kind) ? this.kept.get(a) : undefined;
    if (!this.input.tracked || (a && b && a.text === b.text)) {
      const block = b ?? a!;
      return `<w:p>${this.pPr(block, '', kept)}${runs(block.text)}</w:p>`;
    }
    if (!a) {
      const c = this.comment('paragraph added');
      return `<w:p>${this.pPr(b!, 'ins')}${c.start}<w:ins ${this.attrs()}>${runs(b!.text)}</w:ins>${c.end}</w:p>`;
    }
    if (!b) {
      const c = this.comment('paragraph removed');
      return `<w:p>${this.pPr(a, 'del', kept)}${c.start}<w:del ${this.attrs()}>${runs(a.text, true)}</w:del>${c.end}</w:p>`;
    }
    let body = '';
    for (const p of pieces(a.text, b.text)) {
      if (p.kind === 'same') {
        body += runs(p.text);
        continue;
      }
      const c = this.comment(
        this.byUser(p.del, p.ins)
          ? USER_EDIT
          : changeReason(p.del, p.ins, { engine: this.input.engine, sentence: sentenceAt(a.text, p.at) }),
      );
      body += c.start;
      if (p.del) body += `<w:del ${this.attrs()}>${runs(p.del, true)}</w:del>`;
      if (p.ins) body += `<w:ins ${this.attrs()}>${runs(p.ins)}</w:ins>`;
      body += c.end;
    }
    return `<w:p>${this.pPr(b, '', kept)}${body}</w:p>`;
  }

  /** Whether a change is the user's own edit (see DocxInput.rewrite). */
  private byUser(del: string, ins: string): boolean {
    const rewrite = this.input.rewrite;
    if (!rewrite) return false;
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    const r = squash(rewrite);
    // Judged sentence by sentence: an inserted run can join two things the engine wrote apart (a sentence
    // alternative it offered, then the next sentence of its rewrite).
    const inserted = squash(ins)
      .split(/(?<=[.!?…])\s+/)
      .filter(Boolean);
    if (inserted.length > 0) return inserted.some((piece) => !r.includes(piece));
    return squash(del).length > 0 && r.includes(squash(del));
  }

  commentsXml(): string | null {
    if (this.comments.length === 0) return null;
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:comments ${W_NS}>${this.comments.join('')}</w:comments>`;
  }
}

/** The styles the file itself uses (by id), each as its w:style element. */
function ownStyles(): [string, string][] {
  const heading = (n: number, size: number): [string, string] => [
    `Heading${n}`,
    `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="80"/><w:outlineLvl w:val="${n - 1}"/></w:pPr><w:rPr><w:b/><w:sz w:val="${size}"/></w:rPr></w:style>`,
  ];
  return [
    [
      'Normal',
      '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>',
    ],
    ...[36, 30, 26, 24, 22, 22].map((s, i) => heading(i + 1, s)),
    [
      'ListParagraph',
      '<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:after="60"/><w:contextualSpacing/></w:pPr></w:style>',
    ],
    [
      'CommentText',
      '<w:style w:type="paragraph" w:styleId="CommentText"><w:name w:val="annotation text"/><w:basedOn w:val="Normal"/><w:rPr><w:sz w:val="20"/></w:rPr></w:style>',
    ],
    [
      'CommentReference',
      '<w:style w:type="character" w:styleId="CommentReference"><w:name w:val="annotation reference"/><w:rPr><w:sz w:val="16"/></w:rPr></w:style>',
    ],
  ];
}

function stylesXml(): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${W_NS}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/><w:sz w:val="22"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>${ownStyles()
    .map(([, xml]) => xml)
    .join('')}</w:styles>`;
}

/**
 * A kept styles part, with the styles this file uses for paragraphs without kept properties (headings,
 * list paragraphs) and for comments added when the part lacks them (a part that has a default paragraph
 * style keeps it, so Normal is only added when it has none).
 */
function keptStylesXml(kept: string): string {
  const has = (id: string) => new RegExp(`w:styleId="${id}"`).test(kept);
  const hasDefault =
    /<w:style\b[^>]*w:type="paragraph"[^>]*w:default="(1|true|on)"|<w:style\b[^>]*w:default="(1|true|on)"[^>]*w:type="paragraph"/.test(
      kept,
    );
  const missing = ownStyles()
    .filter(([id]) => !has(id) && !(id === 'Normal' && hasDefault))
    .map(([, xml]) => xml)
    .join('');
  const end = kept.lastIndexOf('</w:styles>');
  return end < 0 ? kept : kept.slice(0, end) + missing + kept.slice(end);
}

/** The default lists' definitions: abstract lists `abstractBase` (bullets) and +1 (numbered), bullets' w:numId `numBase + 1`. */
function listDefinitions(
  ordered: number[],
  numBase: number,
  abstractBase: number,
): { abstracts: string; nums: string } {
  const levels = (isOrdered: boolean) =>
    Array.from({ length: 6 }, (_, l) => {
      const fmt = isOrdered ? 'decimal' : 'bullet';
      const text = isOrdered ? `%${l + 1}.` : ['\u2022', '\u25e6', '\u25aa'][l % 3]!;
      return `<w:lvl w:ilvl="${l}"><w:start w:val="1"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${720 * (l + 1)}" w:hanging="360"/></w:pPr></w:lvl>`;
    }).join('');
  const nums = [
    `<w:num w:numId="${numBase + 1}"><w:abstractNumId w:val="${abstractBase}"/></w:num>`,
    ...ordered.map(
      (id) =>
        `<w:num w:numId="${id}"><w:abstractNumId w:val="${abstractBase + 1}"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>`,
    ),
  ].join('');
  const abstracts = `<w:abstractNum w:abstractNumId="${abstractBase}"><w:multiLevelType w:val="hybridMultilevel"/>${levels(false)}</w:abstractNum><w:abstractNum w:abstractNumId="${abstractBase + 1}"><w:multiLevelType w:val="hybridMultilevel"/>${levels(true)}</w:abstractNum>`;
  return { abstracts, nums };
}

function numberingXml(ordered: number[]): string {
  const { abstracts, nums } = listDefinitions(ordered, 0, 0);
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering ${W_NS}>${abstracts}${nums}</w:numbering>`;
}

/** The largest w:numId and w:abstractNumId a kept numbering part defines. */
function numberingIds(kept: string): { num: number; abstract: number } {
  const max = (re: RegExp) => [...kept.matchAll(re)].reduce((n, m) => Math.max(n, Number(m[1])), 0);
  return {
    num: max(/<w:num\b[^>]*\bw:numId="(\d{1,9})"/g),
    abstract: max(/<w:abstractNum\b[^>]*\bw:abstractNumId="(\d{1,9})"/g),
  };
}

/** A kept numbering part with the default lists added after its own (numbers above its own). */
function keptNumberingXml(kept: string, ordered: number[], numBase: number): string {
  const { abstracts, nums } = listDefinitions(ordered, numBase, numberingIds(kept).abstract + 1);
  // The schema's order: abstract lists, then lists, then w:numIdMacAtCleanup.
  const firstNum = kept.search(/<w:num[\s>]/);
  const cleanup = kept.search(/<w:numIdMacAtCleanup\b/);
  const end = kept.lastIndexOf('</w:numbering>');
  if (end < 0) return kept;
  const numsAt = cleanup >= 0 ? cleanup : end;
  const abstractsAt = firstNum >= 0 ? firstNum : numsAt;
  return kept.slice(0, abstractsAt) + abstracts + kept.slice(abstractsAt, numsAt) + nums + kept.slice(numsAt);
}

/** The date every entry of the file carries (local time, as ZIP dates are). */
const ZIP_DATE = new Date(2020, 0, 1);

/** The .docx bytes. */
export function buildResultDocx(input: DocxInput): Uint8Array<ArrayBuffer> {
  const layout = input.layout ?? null;
  const originalBlocks = textBlocks(input.original);
  const kept = new Map<TextBlock, ParaProps>();
  if (layout)
    originalBlocks.forEach((b, i) => {
      const p = layout.paragraphs[i];
      if (p) kept.set(b, p);
    });
  const numBase = layout?.numbering ? numberingIds(layout.numbering).num : 0;
  const writer = new DocWriter(input, input.date, kept, numBase);
  // With a kept look the plain file pairs the result with the original too, to find each paragraph's own.
  const pairs = input.tracked
    ? pairBlocks(originalBlocks, textBlocks(input.result))
    : layout
      ? pairBlocks(originalBlocks, textBlocks(input.result)).filter((p) => p.b !== null)
      : textBlocks(input.result).map((b) => ({ a: b, b }));
  const body = pairs.map((p) => writer.paragraph(p)).join('') || '<w:p/>';
  const comments = input.tracked ? writer.commentsXml() : null;
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W_NS}><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const settings = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:settings ${W_NS}>${input.tracked ? '<w:trackRevisions/>' : ''}<w:defaultTabStop w:val="720"/><w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>`;
  const created = input.date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const core = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xmlEscape(input.title ?? '')}</dc:title><dc:creator>${TRACKED_AUTHOR}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created></cp:coreProperties>`;
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const docRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'styles', 'styles.xml')}${rel('rId2', 'numbering', 'numbering.xml')}${rel('rId3', 'settings', 'settings.xml')}${comments ? rel('rId4', 'comments', 'comments.xml') : ''}${layout?.theme ? rel('rId5', 'theme', 'theme/theme1.xml') : ''}</Relationships>`;
  const override = (part: string, type: string) =>
    `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}+xml"/>`;
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${override('/word/document.xml', 'wordprocessingml.document.main')}${override('/word/styles.xml', 'wordprocessingml.styles')}${override('/word/numbering.xml', 'wordprocessingml.numbering')}${override('/word/settings.xml', 'wordprocessingml.settings')}${comments ? override('/word/comments.xml', 'wordprocessingml.comments') : ''}${layout?.theme ? override('/word/theme/theme1.xml', 'theme') : ''}<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
  const rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;
  const parts: [string, string][] = [
    ['[Content_Types].xml', contentTypes],
    ['_rels/.rels', rootRels],
    ['docProps/core.xml', core],
    ['word/document.xml', document],
    ['word/_rels/document.xml.rels', docRels],
    ['word/styles.xml', layout ? keptStylesXml(layout.styles) : stylesXml()],
    [
      'word/numbering.xml',
      layout?.numbering
        ? keptNumberingXml(layout.numbering, writer.numbering.ordered, numBase)
        : numberingXml(writer.numbering.ordered),
    ],
    ['word/settings.xml', settings],
    ...(comments ? [['word/comments.xml', comments] as [string, string]] : []),
    ...(layout?.theme ? [['word/theme/theme1.xml', layout.theme] as [string, string]] : []),
  ];
  // Entries in this order ([Content_Types].xml first, as Word expects), deflated, with a fixed date: the same
  // document gives the same bytes.
  return zipSync(Object.fromEntries(parts.map(([name, xml]) => [name, strToU8(xml)])), { level: 6, mtime: ZIP_DATE });
}

/** A file name for the download: the result's first words, and "-tracked" for the tracked file. */
export function docxFileName(result: string, tracked: boolean): string {
  const first = textBlocks(result)[0]?.text ?? '';
  const base =
    first
      .split(/\s+/)
      .slice(0, 8)
      .join(' ')
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'plainspoken-result';
  return `${base}${tracked ? '-tracked' : ''}.docx`;
}
