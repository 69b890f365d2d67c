/**
 * Markdown-aware segmentation by line. The corpus and most pasted text use one line per paragraph, and
 * keeping every line a block means paragraph breaks, list markers, headings and code survive by
 * construction: rules only ever see a line's prose body, never its prefix.
 */
export type BlockKind = 'prose' | 'heading' | 'verbatim' | 'blank';

export interface Block {
  kind: BlockKind;
  /** Markdown prefix and indentation kept as is ("## ", "- ", "> ", "1. "). */
  prefix: string;
  body: string;
  /** Line ending that followed the line in the input ("\n", "\r\n" or ""). */
  eol: string;
}

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(\s{0,3}#{1,6}\s+)(.*)$/;
const LIST = /^(\s*(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?)(.*)$/;
const QUOTE = /^(\s*(?:>\s?)+)(.*)$/;
const HR = /^\s{0,3}(?:(?:-\s*){3,}|(?:\*\s*){3,}|(?:_\s*){3,})$/;
const TABLE = /^\s*\|/;
const INDENTED_CODE = /^(?: {4}|\t)/;

export function segment(text: string): Block[] {
  const parts = text.split(/(\r?\n)/);
  const lines: { line: string; eol: string }[] = [];
  for (let i = 0; i < parts.length; i += 2) lines.push({ line: parts[i] ?? '', eol: parts[i + 1] ?? '' });
  const blocks: Block[] = [];
  let inFence: string | null = null;
  let inFront = false;
  let prevBlank = true;
  for (let i = 0; i < lines.length; i++) {
    const { line, eol } = lines[i] as { line: string; eol: string };
    const verbatim = (): void => {
      blocks.push({ kind: 'verbatim', prefix: line, body: '', eol });
    };
    if (i === 0 && /^---\s*$/.test(line) && lines.some((l, j) => j > 0 && /^---\s*$/.test(l.line))) {
      inFront = true;
      verbatim();
      continue;
    }
    if (inFront) {
      verbatim();
      if (/^---\s*$/.test(line)) inFront = false;
      continue;
    }
    const fence = FENCE.exec(line);
    if (inFence) {
      verbatim();
      if (fence && fence[1] === inFence) inFence = null;
      continue;
    }
    if (fence) {
      inFence = fence[1] ?? '```';
      verbatim();
      continue;
    }
    if (line.trim() === '') {
      blocks.push({ kind: 'blank', prefix: line, body: '', eol });
      prevBlank = true;
      continue;
    }
    if (
      HR.test(line) ||
      TABLE.test(line) ||
      (prevBlank && INDENTED_CODE.test(line) && !LIST.test(line)) ||
      /^\s*\$\$/.test(line)
    ) {
      verbatim();
      prevBlank = false;
      continue;
    }
    prevBlank = false;
    const h = HEADING.exec(line);
    if (h) {
      blocks.push({ kind: 'heading', prefix: h[1] ?? '', body: h[2] ?? '', eol });
      continue;
    }
    let prefix = '';
    let body = line;
    const q = QUOTE.exec(body);
    if (q) {
      prefix += q[1] ?? '';
      body = q[2] ?? '';
    }
    const l = LIST.exec(body);
    if (l) {
      prefix += l[1] ?? '';
      body = l[2] ?? '';
    } else {
      const lead = /^\s*/.exec(body)?.[0] ?? '';
      prefix += lead;
      body = body.slice(lead.length);
    }
    const trail = /\s*$/.exec(body)?.[0] ?? '';
    body = body.slice(0, body.length - trail.length);
    blocks.push({ kind: 'prose', prefix, body, eol: trail + eol });
  }
  return blocks;
}

export function joinBlocks(blocks: readonly Block[]): string {
  return blocks.map((b) => b.prefix + b.body + b.eol).join('');
}

/** The markdown skeleton of a text: one token per line. Tests and model checks compare it before and after. */
export function skeleton(text: string): string[] {
  return segment(text).map((b) => {
    if (b.kind === 'verbatim') return 'V:' + b.prefix;
    if (b.kind === 'blank') return 'B';
    return (b.kind === 'heading' ? 'H:' : 'P:') + b.prefix.trim();
  });
}
