import { align, type Alignment } from './alignment.ts';
import type { Facts } from './facts/extract.ts';
import { looksDenied } from './negation/prefix.ts';
import { prepare, type Prepared } from './prepare.ts';
import { COPY_ALIGN, CLOSE_ALIGN, FOLLOW } from './thresholds.ts';
import type { Drift, SentenceFailure, Tolerance } from './types.ts';
import { keptOrDerived } from './words.ts';

/**
 * What the rules read: the whole check (`Check`: both texts prepared, the alignment, the failures and doubts
 * so far) and one answer sentence in it (`SentenceCheck`). Everything here is computed from the two texts
 * alone; the parts only some rules read are built on first use.
 */
export class Check {
  readonly o: Prepared;
  readonly a: Prepared;
  readonly sim: number[][];
  readonly bestA: number[];
  readonly bestO: number[];
  readonly alignment: number[][];
  readonly answersOf: number[][];
  readonly failures: SentenceFailure[] = [];
  readonly doubts: number[] = [];
  /** The original's content lemmas, and how many of them the answer keeps (synonyms and derived forms count). */
  readonly total: number;
  readonly kept: number;
  private readonly denies = new Map<number, boolean>();
  private readonly memo = new Map<string, unknown>();

  constructor(
    readonly original: string,
    readonly answer: string,
    readonly mode: 'deep' | 'lightning',
    readonly tol: Tolerance,
    readonly spans: readonly string[],
  ) {
    this.o = prepare(original.replace(/\r\n/g, '\n'));
    this.a = prepare(answer.replace(/\r\n/g, '\n'));
    const al: Alignment = align(this.o, this.a);
    this.sim = al.sim;
    this.bestA = al.bestA;
    this.bestO = al.bestO;
    this.alignment = al.alignment;
    this.answersOf = al.answersOf;
    // Content recall over the whole text (synonyms count).
    let kept = 0;
    let total = 0;
    for (const ls of this.o.lemmas)
      for (const l of ls) {
        total++;
        if (keptOrDerived(l, this.a.allLemmas, this.a.allSenses)) kept++;
      }
    this.kept = kept;
    this.total = total;
  }

  get recall(): number {
    return this.total === 0 ? 1 : this.kept / this.total;
  }

  /** A value computed once per check on first use (the facts of the whole original that some rules read). */
  once<T>(key: string, build: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, build());
    return this.memo.get(key) as T;
  }

  /** Whether an original sentence denies anything: a "not", a denying word or a negating-prefix word. */
  deniesIn(i: number): boolean {
    let d = this.denies.get(i);
    if (d === undefined) {
      d =
        (this.o.negations[i] ?? 0) > 0 ||
        (this.o.lexicalNegations[i] ?? 0) > 0 ||
        (this.o.lemmas[i] ?? []).some((x) => looksDenied(x));
      this.denies.set(i, d);
    }
    return d;
  }

  fail(drift: Drift, detail: string, answer: number, original: number[], rule: string): void {
    this.failures.push({ drift, detail, answer, original, rule });
  }
}

/** One answer sentence of a check, with the original sentences it is aligned with and those it follows. */
export class SentenceCheck {
  readonly f: Facts;
  readonly aligned: number[];
  private followedList?: number[];
  private peersSet?: Set<number>;
  private readonly memo = new Map<string, unknown>();

  constructor(
    readonly c: Check,
    readonly j: number,
  ) {
    this.f = c.a.facts[j] as Facts;
    this.aligned = c.alignment[j] ?? [];
  }

  /** A value computed once per sentence on first use (shared by the rules that read it). */
  once<T>(key: string, build: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, build());
    return this.memo.get(key) as T;
  }

  get text(): string {
    return this.c.a.sentences[this.j]?.text ?? '';
  }

  /** Similarity of this sentence with original sentence i. */
  simTo(i: number): number {
    return this.c.sim[this.j]?.[i] ?? 0;
  }

  get bestSim(): number {
    return this.c.bestA[this.j] ?? 0;
  }

  /**
   * The aligned original sentences this one follows (nearly as similar as its closest), not those that only
   * chose it as their nearest weak match. A sentence that all but copies one original sentence follows that one
   * alone.
   */
  get followed(): number[] {
    return (this.followedList ??= this.aligned.filter((i) =>
      this.bestSim >= COPY_ALIGN ? this.simTo(i) === this.c.bestA[this.j] : this.simTo(i) >= FOLLOW * this.bestSim,
    ));
  }

  /** This sentence and the answer sentences aligned only with what it follows (a split carries a "not" in one half). */
  get peers(): Set<number> {
    if (!this.peersSet) {
      const followedSet = new Set(this.followed);
      const peers = new Set<number>([this.j]);
      for (const i of this.followed)
        for (const k of this.c.answersOf[i] ?? [])
          if (!peers.has(k) && (this.c.alignment[k] ?? []).every((x) => followedSet.has(x))) peers.add(k);
      this.peersSet = peers;
    }
    return this.peersSet;
  }

  /** The followed original sentence this one is most similar to. */
  get best(): number {
    return this.followed.reduce((b, i) => (this.simTo(i) > this.simTo(b) ? i : b), this.followed[0] as number);
  }

  /** The followed original sentences this one follows closely. */
  get closeFollowed(): number[] {
    return this.followed.filter((i) => this.simTo(i) >= CLOSE_ALIGN);
  }
}
