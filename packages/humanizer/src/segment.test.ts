import { describe, expect, it } from 'vitest';
import { joinBlocks, segment, skeleton } from './segment.ts';

describe('segment', () => {
  const md =
    '---\ntitle: x\n---\n# Title Here\n\nSome text.\n- item one\n  1. nested\n> quoted line\n\n```js\nconst a = 1;\n```\n| a | b |\n|---|---|\n\n    indented code\n\r\nlast line';

  it('joins back to the exact input', () => {
    expect(joinBlocks(segment(md))).toBe(md);
  });

  it('keeps markdown prefixes out of the rewritable body', () => {
    const blocks = segment(md);
    const item = blocks.find((b) => b.body === 'item one');
    expect(item?.prefix).toBe('- ');
    const q = blocks.find((b) => b.body === 'quoted line');
    expect(q?.prefix).toBe('> ');
    expect(blocks.find((b) => b.prefix === 'const a = 1;')?.kind).toBe('verbatim');
    expect(blocks.find((b) => b.prefix.includes('indented code'))?.kind).toBe('verbatim');
  });

  it('skeleton ignores prose but not structure', () => {
    expect(skeleton('# A\n\n- b c')).toEqual(skeleton('# Z\n\n- y x'));
    expect(skeleton('# A\n\n- b c')).not.toEqual(skeleton('# A\n- b c'));
  });
});
