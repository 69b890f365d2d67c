import { describe, expect, it } from 'vitest';
import { genreRows, genreTable, isShortText, reportGenre, SHORT_ROW, worstByGenre, type Scored } from './genres.ts';

describe('report genres', () => {
  it('name the everyday genres and keep the older ones', () => {
    expect(reportGenre('email')).toBe('emails');
    expect(reportGenre('email_content')).toBe('emails');
    expect(reportGenre('letter_message')).toBe('letters');
    expect(reportGenre('l2r_personal_communication')).toBe('letters');
    expect(reportGenre('product_description')).toBe('product descriptions');
    expect(reportGenre('review_yelp')).toBe('reviews');
    expect(reportGenre('l2r_product_review')).toBe('reviews');
    expect(reportGenre('qa_answer_reddit_eli5')).toBe('answers');
    expect(reportGenre('qa_explanation')).toBe('answers');
    expect(reportGenre('howto_advice')).toBe('how-to');
    expect(reportGenre('howto_wikihow')).toBe('how-to');
    expect(reportGenre('essay_toefl_nonnative')).toBe('essays');
    expect(reportGenre('news_xsum_bbc')).toBe('news');
    expect(reportGenre('story_writingprompts')).toBe('stories');
    expect(reportGenre('abstract_arxiv')).toBe('academic');
    expect(reportGenre('article_wikipedia')).toBe('reference');
    expect(reportGenre('blog_article')).toBe('other web');
  });

  it('count a text as short from 40 to 79 words', () => {
    const words = (n: number): string => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(isShortText(words(39))).toBe(false);
    expect(isShortText(words(40))).toBe(true);
    expect(isShortText(words(79))).toBe(true);
    expect(isShortText(words(80))).toBe(false);
  });
});

describe('per-genre rows', () => {
  const s = (genre: string, y: number, score: number, short = false): Scored => ({
    genre,
    short,
    y,
    score,
    flagged: score >= 50,
  });
  const xs: Scored[] = [
    s('reviews', 0, 10),
    s('reviews', 0, 60, true),
    s('reviews', 1, 70),
    s('reviews', 1, 40, true),
    s('emails', 1, 80),
    s('emails', 1, 20),
    s('answers', 0, 5, true),
    s('answers', 1, 55),
  ];

  it('count humans and AI texts flagged per genre, in the report order, with the short row last', () => {
    const rows = genreRows(xs);
    expect(rows.map((r) => r.genre)).toEqual(['emails', 'reviews', 'answers', SHORT_ROW]);
    const reviews = rows.find((r) => r.genre === 'reviews')!;
    expect(reviews).toMatchObject({ humans: 2, humansFlagged: 1, ai: 2, aiFlagged: 1 });
    // Pairs (AI above human): 70>10, 70>60, 40>10, 40<60: 3 of 4.
    expect(reviews.auroc).toBeCloseTo(0.75);
    const emails = rows.find((r) => r.genre === 'emails')!;
    expect(emails).toMatchObject({ humans: 0, ai: 2, aiFlagged: 1 });
    expect(emails.auroc).toBeNaN();
    const short = rows.at(-1)!;
    expect(short).toMatchObject({ humans: 2, humansFlagged: 1, ai: 1, aiFlagged: 0, auroc: 0.5 });
    expect(genreTable(rows, 'gpt / ')[0]).toBe('| gpt / emails | 0 | - | 2 | 50.0% (1/2) | - |');
  });

  it('find the worst run of each genre', () => {
    const a = genreRows(xs);
    const b = genreRows(
      xs.map((x) => ({ ...x, flagged: x.y === 1 || x.score > 59, score: x.y ? x.score + 100 : x.score })),
    );
    const w = worstByGenre([
      { name: 'a', rows: a },
      { name: 'b', rows: b },
    ]);
    const reviews = w.find((r) => r.genre === 'reviews')!;
    expect(reviews).toMatchObject({ maxHumanShare: 0.5, maxHumanRun: 'a', minAuroc: 0.75, minAurocRun: 'a' });
    const answers = w.find((r) => r.genre === 'answers')!;
    expect(answers).toMatchObject({ maxHumanShare: 0, minAuroc: 1 });
    expect(w.find((r) => r.genre === 'emails')!.maxHumanShare).toBeNaN();
  });
});
