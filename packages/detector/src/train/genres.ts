// The genres the benchmarks report, and the per-genre table: humans flagged, AI flagged and AUROC for each genre,
// plus short texts (40-79 words) as a row of their own across genres (issue 57, decision 0057).
import { countWords, SHORT_TEXT_WORDS } from '../reliability.ts';
import { auroc } from './metrics.ts';
import { genreOf } from './corpus.ts';

/** The everyday genres first (issue 57), then the older corpus genres. */
export const REPORT_GENRES = [
  'emails',
  'letters',
  'product descriptions',
  'reviews',
  'answers',
  'how-to',
  'essays',
  'news',
  'stories',
  'academic',
  'reference',
  'other web',
] as const;
export type ReportGenre = (typeof REPORT_GENRES)[number];

/** The report genre of a corpus `domain`. */
export function reportGenre(domain: string): ReportGenre {
  const d = domain.toLowerCase();
  if (d.startsWith('email')) return 'emails';
  if (d.startsWith('letter') || d === 'l2r_personal_communication') return 'letters';
  if (d.startsWith('product_description')) return 'product descriptions';
  if (d.includes('review')) return 'reviews';
  if (d.startsWith('qa_')) return 'answers';
  if (d.startsWith('howto')) return 'how-to';
  if (d.startsWith('essay') || d.includes('education')) return 'essays';
  if (d.includes('news')) return 'news';
  if (d.includes('story') || d.includes('creative')) return 'stories';
  if (d.includes('abstract') || d.includes('academic_research') || d.includes('technical')) return 'academic';
  if (genreOf(domain) === 'reference') return 'reference';
  return 'other web';
}

/** The short-text row: 40 to 79 words, the everyday file's short texts (the other files start at 80). */
export const SHORT_ROW = `short (40-${SHORT_TEXT_WORDS - 1} words)`;

/** True for a text in the short row (counted as reliability.ts counts words at run time). */
export function isShortText(text: string): boolean {
  const n = countWords(text);
  return n >= 40 && n < SHORT_TEXT_WORDS;
}

export interface Scored {
  genre: string;
  short: boolean;
  /** 1 for AI, 0 for human. */
  y: number;
  /** Any score that ranks (logit or 0-100): only the order matters for the AUROC. */
  score: number;
  flagged: boolean;
}

export interface GenreRow {
  genre: string;
  humans: number;
  humansFlagged: number;
  ai: number;
  aiFlagged: number;
  /** NaN when the row has only one label. */
  auroc: number;
}

function rowOf(genre: string, xs: readonly Scored[]): GenreRow {
  const hu = xs.filter((x) => !x.y);
  const ai = xs.filter((x) => x.y);
  return {
    genre,
    humans: hu.length,
    humansFlagged: hu.filter((x) => x.flagged).length,
    ai: ai.length,
    aiFlagged: ai.filter((x) => x.flagged).length,
    auroc:
      hu.length && ai.length
        ? auroc(
            xs.map((x) => x.score),
            xs.map((x) => x.y),
          )
        : NaN,
  };
}

/** One row per genre present (in REPORT_GENRES order, unknown names after), then the short-text row if any. */
export function genreRows(xs: readonly Scored[]): GenreRow[] {
  const names = [...new Set(xs.map((x) => x.genre))].sort((a, b) => {
    const ia = REPORT_GENRES.indexOf(a as ReportGenre);
    const ib = REPORT_GENRES.indexOf(b as ReportGenre);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });
  const rows = names.map((g) =>
    rowOf(
      g,
      xs.filter((x) => x.genre === g),
    ),
  );
  const short = xs.filter((x) => x.short);
  if (short.length) rows.push(rowOf(SHORT_ROW, short));
  return rows;
}

const share = (k: number, n: number): string => (n ? `${((100 * k) / n).toFixed(1)}% (${k}/${n})` : '-');

/** A markdown table of genre rows, each label prefixed with `prefix` (a held-out family, say). */
export function genreTable(rows: readonly GenreRow[], prefix = ''): string[] {
  return rows.map(
    (r) =>
      `| ${prefix}${r.genre} | ${r.humans} | ${share(r.humansFlagged, r.humans)} | ${r.ai} | ${share(r.aiFlagged, r.ai)} | ${Number.isNaN(r.auroc) ? '-' : r.auroc.toFixed(3)} |`,
  );
}

export const GENRE_TABLE_HEAD =
  '| genre | human texts | humans flagged | AI texts | AI flagged | AUROC |\n|---|---|---|---|---|---|';

/**
 * The worst figure of each genre over several held-out runs: the highest share of humans flagged and the lowest
 * AUROC, with the run each came from. Rows with no humans give no share.
 */
export function worstByGenre(
  runs: readonly { name: string; rows: readonly GenreRow[] }[],
): { genre: string; maxHumanShare: number; maxHumanRun: string; minAuroc: number; minAurocRun: string }[] {
  const out = new Map<
    string,
    { genre: string; maxHumanShare: number; maxHumanRun: string; minAuroc: number; minAurocRun: string }
  >();
  for (const run of runs)
    for (const r of run.rows) {
      const o = out.get(r.genre) ?? {
        genre: r.genre,
        maxHumanShare: NaN,
        maxHumanRun: '-',
        minAuroc: NaN,
        minAurocRun: '-',
      };
      if (r.humans) {
        const s = r.humansFlagged / r.humans;
        if (!(s <= o.maxHumanShare)) {
          o.maxHumanShare = s;
          o.maxHumanRun = run.name;
        }
      }
      if (!Number.isNaN(r.auroc) && !(r.auroc >= o.minAuroc)) {
        o.minAuroc = r.auroc;
        o.minAurocRun = run.name;
      }
      out.set(r.genre, o);
    }
  return [...out.values()];
}
