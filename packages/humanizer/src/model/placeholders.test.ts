import { describe, expect, it } from 'vitest';
import { buildModelDoc, checkRoundSentence, findSpan, restore, toPlaceholders } from './placeholders.ts';
import { parseNumbered } from './prompts.ts';

const TEXT =
  '# Plan For 2024\n\nThe board of Acme Corp approved $2 million on May 4, 2023. It is not a small sum, and it matters for the staff.\n\n```\nx = 1\n```\nSee https://example.org for more.';

describe('model placeholders', () => {
  const doc = buildModelDoc(TEXT);

  it('hides spans and code behind {{n}}', () => {
    expect(doc.modelText).not.toMatch(/Acme|\$2|2023|example\.org|x = 1/);
    expect(doc.modelText).toMatch(/\{\{\d+\}\}/);
    expect([...doc.spans.values()]).toContain('```\nx = 1\n```');
  });

  it('leaves numbers in words to the model; figures and acronyms stay hidden', () => {
    const d = buildModelDoc('The first three NASA launches were late, and 12 crews flew twice.');
    expect(d.modelText).toContain('first three');
    expect(d.modelText).toContain('twice');
    expect(d.modelText).not.toMatch(/NASA|12/);
  });

  const good = doc.modelText
    .replace('The board of', 'The board at')
    .replace(
      'It is not a small sum, and it matters for the staff.',
      "It isn't a small sum, and the staff will feel it.",
    );

  it('accepts a faithful answer and restores every span', () => {
    const r = restore(doc, good);
    expect(r.ok, r.reason).toBe(true);
    expect(r.text).toContain('Acme Corp');
    expect(r.text).toContain('```\nx = 1\n```');
    expect(r.text).toContain('$2 million');
  });

  it('repairs a span written out literally', () => {
    const id = [...doc.spans.entries()].find(([, t]) => t === 'Acme Corp')![0];
    const r = restore(doc, good.replace(`{{${id}}}`, 'Acme Corp'));
    expect(r.ok, r.reason).toBe(true);
    expect(r.repaired).toBe(true);
  });

  it('rejects lost, invented or repeated placeholders, new numbers and names', () => {
    const id = [...doc.spans.entries()].find(([, t]) => t === 'Acme Corp')![0];
    expect(restore(doc, good.replace(`{{${id}}}`, 'the firm')).reason).toMatch(/lost or changed/);
    expect(restore(doc, good.replace('the staff', 'the staff {{99}}')).reason).toMatch(/invented/);
    expect(restore(doc, good.replace('the staff', `the staff {{${id}}}`)).reason).toMatch(/repeated/);
    expect(restore(doc, good.replace('the staff', 'the 40 staff')).reason).toMatch(/new number/);
    expect(restore(doc, good.replace('the staff', 'the staff in Denver')).reason).toMatch(/new name/);
  });

  it('rejects flipped negation, structure and length changes', () => {
    expect(restore(doc, good.replace("isn't", 'is')).reason).toMatch(/negation/);
    expect(restore(doc, good.replace('# ', '')).reason).toMatch(/structure/);
    expect(
      restore(
        doc,
        good.replace(
          'small sum',
          'small sum, a sum that many people in many places would find large and surprising and worth a long talk',
        ),
      ).reason,
    ).toMatch(/length/);
  });

  it('re-lays paragraphs when only blank lines changed', () => {
    const squashed = good.replace(/\n\n/g, '\n');
    const r = restore(doc, squashed);
    expect(r.ok, r.reason).toBe(true);
    expect(r.text.split('\n')).toHaveLength(TEXT.split('\n').length);
  });

  it('finds whole spans only', () => {
    expect(findSpan('someone said one', 'one')).toBe(13);
    expect(findSpan('{{3}} and 3', '3')).toBe(10);
  });

  it('checks round sentences', () => {
    const sentence = 'The board of Acme Corp approved $2 million on May 4, 2023.';
    const ph = toPlaceholders(sentence, doc);
    expect(ph.ids.length).toBeGreaterThanOrEqual(3);
    const ok = checkRoundSentence(doc, ph, ph.text.replace('The board of', 'The board at'));
    expect(ok.ok, ok.reason).toBe(true);
    expect(ok.text).toContain('Acme Corp');
    expect(checkRoundSentence(doc, ph, 'The board approved it.').ok).toBe(false);
  });

  it('parses numbered answers', () => {
    expect(parseNumbered('1. First one.\n2) Second.\nnoise\n4. out of range', 3)).toEqual([
      'First one.',
      'Second.',
      null,
    ]);
  });
});
