/**
 * Reads an uploaded Word file's own look (domain/document-layout.ts): in the extraction worker, from the
 * parts the zip guard has already inflated within its limits.
 */
import { DOCUMENTS, textBlocks } from '@plainspoken/shared';
import {
  ALIGN,
  STYLE_ID,
  fingerprint,
  layoutBytes,
  normalizeText,
  type DocxLayout,
  type ParaProps,
} from '../../domain/document-layout';

export type { DocxLayout } from '../../domain/document-layout';

export const LAYOUT_PARTS = {
  styles: 'word/styles.xml',
  numbering: 'word/numbering.xml',
  theme: 'word/theme/theme1.xml',
  document: 'word/document.xml',
} as const;

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
    }
    return ENTITY[e.toLowerCase()] ?? m;
  });

/** A part is kept only when it is the XML it should be: the expected root, no DTD (no entities to expand). */
function xmlPart(data: Buffer | undefined, root: string): string | null {
  if (!data) return null;
  const s = data.toString('utf8').replace(/^\uFEFF/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(s)) return null;
  if (!new RegExp(`^(?:<\\?xml[^>]*\\?>\\s*)?<${root}[\\s>]`).test(s)) return null;
  return s;
}

function propsOf(pPr: string): ParaProps {
  const props: ParaProps = {};
  const style = /<w:pStyle\b[^>]*\bw:val="([^"]*)"/.exec(pPr)?.[1];
  if (style !== undefined) {
    const id = unescapeXml(style);
    if (STYLE_ID.test(id)) props.style = id;
  }
  const numPr = /<w:numPr\b[^>]*>([\s\S]*?)<\/w:numPr>/.exec(pPr)?.[1];
  if (numPr) {
    const id = /<w:numId\b[^>]*\bw:val="(\d{1,9})"/.exec(numPr)?.[1];
    const level = /<w:ilvl\b[^>]*\bw:val="(\d)"/.exec(numPr)?.[1];
    if (id !== undefined) props.num = { id: Number(id), level: Number(level ?? 0) };
  }
  const jc = /<w:jc\b[^>]*\bw:val="([^"]*)"/.exec(pPr)?.[1];
  if (jc !== undefined && ALIGN.test(jc)) props.align = jc;
  return props;
}

/**
 * The body's own paragraphs in order, each with its text and properties. Paragraphs inside tables and
 * text boxes are left out: the reader turns tables into `cell | cell` lines and leaves text boxes' layout.
 */
export function bodyParagraphs(documentXml: string): { text: string; props: ParaProps }[] {
  const out: { text: string; props: ParaProps }[] = [];
  const re = /<(\/?)([\w:.-]+)[^>]*?(\/?)>|([^<]+)/g;
  let depthP = 0;
  let inTable = 0;
  let inBox = 0;
  let inText = false;
  let cur: { text: string; props: ParaProps } | null = null;
  for (let m = re.exec(documentXml); m; m = re.exec(documentXml)) {
    const [, close, tag, selfClose, text] = m;
    if (text !== undefined) {
      if (cur && inText && inBox === 0) cur.text += unescapeXml(text);
      continue;
    }
    const closing = close === '/';
    const empty = selfClose === '/';
    if (tag === 'w:tbl') inTable += closing ? -1 : empty ? 0 : 1;
    else if (tag === 'w:txbxContent') inBox += closing ? -1 : empty ? 0 : 1;
    else if (tag === 'w:p') {
      if (closing) {
        depthP = Math.max(0, depthP - 1);
        if (depthP === 0 && cur) {
          out.push(cur);
          cur = null;
        }
      } else if (!empty) {
        if (depthP === 0 && inTable === 0 && inBox === 0) {
          const at = re.lastIndex;
          const end = documentXml.startsWith('<w:pPr', at) ? documentXml.indexOf('</w:pPr>', at) : -1;
          const pPr = end < 0 ? '' : documentXml.slice(at, end);
          cur = { text: '', props: propsOf(pPr) };
        }
        depthP++;
      }
    } else if (tag === 'w:t') inText = !closing && !empty;
    else if ((tag === 'w:tab' || tag === 'w:br' || tag === 'w:cr') && cur && inBox === 0) cur.text += ' ';
  }
  return out;
}

/**
 * The look of a Word file whose text was read as `text`: each text block is matched, in order, with the
 * next body paragraph of the same letters and digits. Null when the file has no usable styles part or its
 * look is larger than DOCUMENTS.layoutMaxBytes (the export then uses the default styles).
 */
export function readDocxLayout(parts: Map<string, Buffer>, text: string): DocxLayout | null {
  const styles = xmlPart(parts.get(LAYOUT_PARTS.styles), 'w:styles');
  const documentXml = parts.get(LAYOUT_PARTS.document)?.toString('utf8');
  if (!styles || !documentXml) return null;
  // Latent styles only tune Word's style gallery; they are most of a styles part's size.
  const slim = styles.replace(/<w:latentStyles\b[\s\S]*?<\/w:latentStyles>|<w:latentStyles\b[^>]*\/>/, '');
  const paras = bodyParagraphs(documentXml).map((p) => ({ ...p, key: normalizeText(p.text) }));
  let next = 0;
  const paragraphs = textBlocks(text).map((b) => {
    const key = normalizeText(b.text);
    if (!key) return null;
    for (let i = next; i < paras.length && i < next + 200; i++) {
      if (paras[i]!.key === key) {
        next = i + 1;
        return { props: paras[i]!.props, hash: fingerprint(b.text) };
      }
    }
    return null;
  });
  const layout: DocxLayout = {
    styles: slim,
    numbering: xmlPart(parts.get(LAYOUT_PARTS.numbering), 'w:numbering'),
    theme: xmlPart(parts.get(LAYOUT_PARTS.theme), 'a:theme'),
    paragraphs,
  };
  if (!paragraphs.some(Boolean)) return null;
  return layoutBytes(layout) > DOCUMENTS.layoutMaxBytes ? null : layout;
}
