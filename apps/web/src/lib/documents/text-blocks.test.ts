// @vitest-environment node
import { describe, expect, it } from 'vitest';
import mammoth from 'mammoth';
import { documentBlob } from './download';
import { fileBaseName, textBlocks, toPlainText } from './text-blocks';

const TEXT =
  '# Remote Work\n\nFirst paragraph, with a line\nbreak kept.\n\n## Findings\n\n- one\n- two\n  - nested\n\n1. first\n2. second\n\nLast paragraph.';

describe('the text structure', () => {
  it('reads headings, paragraphs (with their line breaks) and lists', () => {
    expect(textBlocks(TEXT)).toEqual([
      { kind: 'heading', level: 1, text: 'Remote Work' },
      { kind: 'para', text: 'First paragraph, with a line\nbreak kept.' },
      { kind: 'heading', level: 2, text: 'Findings' },
      { kind: 'item', ordered: false, level: 0, text: 'one' },
      { kind: 'item', ordered: false, level: 0, text: 'two' },
      { kind: 'item', ordered: false, level: 1, text: 'nested' },
      { kind: 'item', ordered: true, level: 0, text: 'first' },
      { kind: 'item', ordered: true, level: 0, text: 'second' },
      { kind: 'para', text: 'Last paragraph.' },
    ]);
  });

  it('a hashtag or a number at the start of a sentence is not a heading or a list', () => {
    expect(textBlocks('#hashtag is fine.\n\n2024 was a year.')).toEqual([
      { kind: 'para', text: '#hashtag is fine.' },
      { kind: 'para', text: '2024 was a year.' },
    ]);
  });

  it('plain text drops heading markers and keeps everything else', () => {
    expect(toPlainText('# Title\n\nBody.\n\n- item')).toBe('Title\n\nBody.\n\n- item\n');
  });

  it('names the file after the first heading or words', () => {
    expect(fileBaseName('# Remote Work: a Report!\n\nBody')).toBe('remote-work-a-report');
    expect(fileBaseName('')).toBe('plainspoken-result');
  });
});

describe('the downloads', () => {
  it('a Word file keeps headings, paragraphs and lists (read back with mammoth)', async () => {
    const blob = await documentBlob(TEXT, 'docx');
    const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(await blob.arrayBuffer()) });
    expect(html).toContain('<h1>Remote Work</h1>');
    expect(html).toContain('<p>First paragraph, with a line<br />break kept.</p>');
    expect(html).toContain('<h2>Findings</h2>');
    expect(html).toMatch(/<ul><li>one<\/li><li>two<ul><li>nested<\/li><\/ul><\/li><\/ul>/);
    expect(html).toMatch(/<ol><li>first<\/li><li>second<\/li><\/ol>/);
    expect(html).toContain('<p>Last paragraph.</p>');
  });

  it('Markdown is the text as it is, plain text without heading markers', async () => {
    expect(await (await documentBlob(TEXT, 'md')).text()).toBe(`${TEXT}\n`);
    expect(await (await documentBlob('## A\n\nB', 'txt')).text()).toBe('A\n\nB\n');
  });
});
