/**
 * Mammoth's HTML (a small, well-formed set of tags) as the product's text structure: paragraphs apart by
 * a blank line, headings as `#`…`######`, list items as `- ` or `1. ` (two spaces per nesting level),
 * table rows as one line with cells apart by ` | `. Nothing in it is ever rendered or run.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

interface Block {
  kind: 'para' | 'list';
  prefix: string;
  text: string;
}

export function htmlToText(html: string): string {
  const blocks: Block[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let cur: Block | null = null;
  let skip = 0; // inside a tag whose text is not content
  const flush = () => {
    if (cur) {
      const text = cur.text
        .replace(/[ \t]+/g, ' ')
        .replace(/ ?\n ?/g, '\n')
        .replace(/( \| )+$/, '')
        .trim();
      if (text) blocks.push({ ...cur, text });
    }
    cur = null;
  };
  const start = (kind: Block['kind'], prefix: string) => {
    flush();
    cur = { kind, prefix, text: '' };
  };
  const re = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(\/?)>|([^<]+)/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const [, close, rawTag, selfClose, text] = m;
    if (text !== undefined) {
      if (skip) continue;
      if (!cur) start(lists.length ? 'list' : 'para', '');
      cur!.text += decode(text).replace(/\s+/g, ' ');
      continue;
    }
    const tag = rawTag!.toLowerCase();
    const closing = close === '/';
    if (tag === 'script' || tag === 'style') {
      skip += closing ? -1 : selfClose ? 0 : 1;
      skip = Math.max(0, skip);
      continue;
    }
    if (/^h[1-6]$/.test(tag)) {
      if (closing) flush();
      else start('para', `${'#'.repeat(Number(tag[1]))} `);
    } else if (tag === 'p') {
      if (closing) {
        if (!lists.length) flush();
      } else if (!(lists.length && cur && (cur as Block).text.trim() === '')) {
        // A paragraph inside a list item continues the item on its own line.
        if (lists.length && cur) (cur as Block).text += '\n';
        else start(lists.length ? 'list' : 'para', lists.length ? '  '.repeat(lists.length) : '');
      }
    } else if (tag === 'ul' || tag === 'ol') {
      flush();
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', n: 0 });
    } else if (tag === 'li') {
      if (closing) flush();
      else {
        const l = lists.at(-1) ?? { ordered: false, n: 0 };
        l.n += 1;
        start('list', `${'  '.repeat(Math.max(0, lists.length - 1))}${l.ordered ? `${l.n}.` : '-'} `);
      }
    } else if (tag === 'tr') {
      if (closing) flush();
      else start('para', '');
    } else if (tag === 'td' || tag === 'th') {
      if (closing && cur) (cur as Block).text += ' | ';
    } else if (tag === 'br') {
      if (cur) (cur as Block).text += '\n';
    } else if (tag === 'table' || tag === 'blockquote' || tag === 'div') {
      flush();
    }
  }
  flush();
  let out = '';
  blocks.forEach((b, i) => {
    if (i > 0) out += b.kind === 'list' && blocks[i - 1]!.kind === 'list' ? '\n' : '\n\n';
    out += b.prefix + b.text;
  });
  return out;
}
