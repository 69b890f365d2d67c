/**
 * `npm run bench:llm`: the model loop against the provider configured by HUMANIZER_LLM_BASE_URL /
 * HUMANIZER_LLM_API_KEY / HUMANIZER_LLM_MODEL; without one, an Ollama server at OLLAMA_HOST (default
 * http://127.0.0.1:11434) when it answers, with HUMANIZER_LLM_MODEL or the recommended model; otherwise the
 * fake provider (and says so). `--fake-ollama` runs against a fake Ollama server over HTTP instead.
 * Prints per mode: detector before/after, meaning figures, tokens in/out and ms per 500 words, fallbacks
 * and their reasons. Options: --n N, --mode M, --tone T, --level L. `--recorded` measures the faithfulness
 * check and the loop on real rewrites by real models instead (model/recorded/bench.ts).
 */
import { contentRecall, wordCount } from './checks.ts';
import { loadCorpus } from './corpus.ts';
import { detect, detectorVersion } from './detector.ts';
import { llmFromEnv } from './env.ts';
import { humanize } from './index.ts';
import { startFakeProvider, type FakeProvider } from './model/fake-provider.ts';
import { startFakeOllama, type FakeOllama } from './model/fake-ollama.ts';
import { protectedSpans } from './protect.ts';
import { SAMPLES } from './samples.ts';
import type { LlmConfig, Mode, ReadingLevel, Tone, WritingOptions } from './types.ts';

/** The model docs/engine.md recommends for Ollama (the server's default too). */
const RECOMMENDED_OLLAMA_MODEL = 'qwen2.5:7b-instruct';

const args = process.argv.slice(2);
const argOf = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const N = Number(argOf('--n') ?? 30);
const MODES: Mode[] = argOf('--mode') ? [argOf('--mode') as Mode] : ['deep', 'lightning'];
const WRITING: WritingOptions | undefined =
  argOf('--tone') || argOf('--level')
    ? { tone: (argOf('--tone') ?? 'neutral') as Tone, readingLevel: (argOf('--level') ?? 'standard') as ReadingLevel }
    : undefined;

/** An Ollama server at OLLAMA_HOST that answers and has the model, or null. */
async function ollamaFromEnv(): Promise<LlmConfig | null> {
  const raw = (process.env.OLLAMA_HOST ?? 'http://127.0.0.1:11434').trim();
  if (raw === 'off') return null;
  const host = (/^https?:\/\//.test(raw) ? raw : `http://${raw}`).replace(/\/+$/, '');
  const model = process.env.HUMANIZER_LLM_MODEL?.trim() || RECOMMENDED_OLLAMA_MODEL;
  try {
    const res = await fetch(`${host}/api/tags`, { signal: AbortSignal.timeout(3000) });
    const body = (await res.json()) as { models?: { name: string }[] };
    const names = (body.models ?? []).map((m) => (m.name.includes(':') ? m.name : `${m.name}:latest`));
    if (!names.includes(model.includes(':') ? model : `${model}:latest`)) {
      console.log(
        `Ollama at ${host} answers but has no "${model}" (it has: ${names.join(', ') || 'nothing'}); pull it or set HUMANIZER_LLM_MODEL.`,
      );
      return null;
    }
    return { baseURL: `${host}/v1`, apiKey: 'ollama', model };
  } catch {
    return null;
  }
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const f1 = (x: number): string => x.toFixed(1);
const f3 = (x: number): string => x.toFixed(3);

function numbersNamesKept(input: string, output: string): number {
  const spans = protectedSpans(input).filter((s) => s.kind === 'number' || s.kind === 'name');
  if (spans.length === 0) return 1;
  return spans.filter((s) => output.includes(s.text)).length / spans.length;
}

function pickTexts(): { texts: string[]; label: string; partner: Set<string> } {
  const rows = loadCorpus();
  if (rows.length === 0)
    return { texts: SAMPLES, label: `${SAMPLES.length} built-in sample texts (corpus not found)`, partner: new Set() };
  // Half from mixset texts that have a model "humanize" partner (the fake answers those with the partner),
  // half from other AI texts (the fake answers with deterministic edits).
  const mix = rows.filter((r) => r.id.startsWith('mixset'));
  const partnerGroups = new Set(mix.filter((r) => r.attack === 'gpt4_humanize_of_ai_text').map((r) => r.group));
  const withPartner = mix.filter((r) => r.label === 'ai' && r.attack === 'none' && partnerGroups.has(r.group));
  const others = rows.filter((r) => r.label === 'ai' && r.attack === 'none' && !r.id.startsWith('mixset'));
  const half = Math.ceil(N / 2);
  const step = Math.max(1, Math.floor(others.length / (N - half)));
  const texts = [...withPartner.slice(0, half), ...others.filter((_, i) => i % step === 0).slice(0, N - half)].map(
    (r) => r.text,
  );
  return {
    texts,
    label: `${texts.length} corpus AI texts (${Math.min(half, withPartner.length)} with a model-rewrite partner)`,
    partner: new Set(withPartner.slice(0, half).map((r) => r.text)),
  };
}

async function main(): Promise<void> {
  if (args.includes('--recorded')) {
    const { benchRecorded } = await import('./model/recorded/bench.ts');
    await benchRecorded(args);
    return;
  }
  let llm: LlmConfig | null = args.includes('--fake-ollama') ? null : llmFromEnv();
  let fake: FakeProvider | null = null;
  let fakeOllama: FakeOllama | null = null;
  if (args.includes('--fake-ollama')) {
    fakeOllama = await startFakeOllama();
    llm = { baseURL: `${fakeOllama.url}/v1`, apiKey: 'ollama', model: RECOMMENDED_OLLAMA_MODEL };
    console.log(
      `provider: a FAKE Ollama server at ${fakeOllama.url} (--fake-ollama): deterministic edits, so the figures test the path, not a model.`,
    );
  } else if (llm) {
    console.log(`provider: ${llm.model} at ${llm.baseURL} (from HUMANIZER_LLM_BASE_URL)`);
  } else if ((llm = await ollamaFromEnv())) {
    console.log(`provider: Ollama at ${llm.baseURL.replace(/\/v1$/, '')}, model ${llm.model}`);
  }
  if (!llm) {
    fake = await startFakeProvider();
    llm = { baseURL: fake.url, apiKey: 'fake', model: 'fake-model' };
    console.log(
      'provider: none configured (HUMANIZER_LLM_BASE_URL / HUMANIZER_LLM_MODEL unset), using the built-in FAKE provider;',
    );
    console.log(
      '          its answers are corpus rewrites or deterministic edits, so the figures test the loop and its checks, not a model.',
    );
  }
  if (WRITING) console.log(`writing options: tone ${WRITING.tone}, reading level ${WRITING.readingLevel}`);
  console.log(`detector: @plainspoken/detector, weights ${detectorVersion()}`);
  const { texts, label, partner } = pickTexts();
  console.log(`texts: ${label}\n`);
  try {
    for (const mode of MODES) {
      const before: number[] = [];
      const after: number[] = [];
      const flaggedBefore: boolean[] = [];
      const flaggedAfter: boolean[] = [];
      const recall: number[] = [];
      const kept: number[] = [];
      const ratio: number[] = [];
      const tokens500: number[] = [];
      const tokensIn500: number[] = [];
      const tokensOut500: number[] = [];
      const ms500: number[] = [];
      const ms: number[] = [];
      const candidates: number[] = [];
      let guardRejected = 0;
      const categories = new Map<string, number>();
      let model = 0;
      let partnerModel = 0;
      const modelBefore: number[] = [];
      const modelAfter: number[] = [];
      let spansOk = 0;
      let spansOkModel = 0;
      const reasons = new Map<string, number>();
      for (const t of texts) {
        const d0 = detect(t);
        const r = await humanize(t, { mode, seed: 1, llm, writing: WRITING });
        const d1 = detect(r.text);
        before.push(d0.score);
        after.push(d1.score);
        flaggedBefore.push(d0.flagged);
        flaggedAfter.push(d1.flagged);
        recall.push(contentRecall(t, r.text));
        kept.push(numbersNamesKept(t, r.text));
        ratio.push(wordCount(r.text) / Math.max(1, wordCount(t)));
        const per500 = 500 / Math.max(1, wordCount(t));
        tokens500.push(r.tokensUsed * per500);
        tokensIn500.push(r.tokensIn * per500);
        tokensOut500.push(r.tokensOut * per500);
        ms500.push(r.ms * per500);
        ms.push(r.ms);
        candidates.push(r.candidates);
        if (r.guardRejected) guardRejected++;
        if (r.fallbackReason) categories.set(r.fallbackReason, (categories.get(r.fallbackReason) ?? 0) + 1);
        if (r.checks.spansKept) spansOk++;
        if (r.engine === 'model') {
          model++;
          if (partner.has(t)) partnerModel++;
          modelBefore.push(d0.score);
          modelAfter.push(d1.score);
          if (r.checks.spansKept) spansOkModel++;
        } else {
          const why = (r.engineNote ?? 'unknown')
            .replace(/"[^"]*"/g, '"…"')
            .replace(/\d+(\.\d+)?/g, 'N')
            .replace(/; local clean-up used.*$/, '')
            .slice(0, 120);
          reasons.set(why, (reasons.get(why) ?? 0) + 1);
        }
      }
      const pctF = (xs: boolean[]): string => f1((100 * xs.filter(Boolean).length) / Math.max(1, xs.length));
      console.log(`== ${mode}`);
      console.log(
        `engine: model ${model}/${texts.length}, local fallback ${texts.length - model}/${texts.length}${partner.size > 0 && fake ? ` (texts answered with a corpus model rewrite: ${partnerModel}/${partner.size} accepted)` : ''}`,
      );
      if (model > 0)
        console.log(`model results only: detector mean ${f1(mean(modelBefore))} -> ${f1(mean(modelAfter))}`);
      const cats = [...categories.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([c, n]) => `${c} x${n}`)
        .join(', ');
      console.log(
        `fallbacks: ${texts.length - model}/${texts.length}${cats ? ` (${cats})` : ''}; best answer set aside by the faithfulness guard: ${guardRejected}; answers per text: mean ${f1(mean(candidates))}`,
      );
      for (const [why, n] of [...reasons.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5))
        console.log(`  fallback x${n}: ${why}`);
      console.log(
        `detector score (0-100): mean ${f1(mean(before))} -> ${f1(mean(after))}; flagged ${pctF(flaggedBefore)}% -> ${pctF(flaggedAfter)}%`,
      );
      console.log(
        `content recall: mean ${f3(mean(recall))}, min ${f3(Math.min(...recall))}; numbers/names kept: mean ${f3(mean(kept))}; protected spans kept: ${spansOk}/${texts.length} (model results ${spansOkModel}/${model})`,
      );
      console.log(
        `length ratio: mean ${f3(mean(ratio))}, min ${f3(Math.min(...ratio))}, max ${f3(Math.max(...ratio))}`,
      );
      console.log(
        `tokens per 500 words: mean ${f1(mean(tokens500))} (in ${f1(mean(tokensIn500))}, out ${f1(mean(tokensOut500))}), p95 ${f1(pct(tokens500, 95))}`,
      );
      console.log(
        `ms per 500 words: p50 ${f1(pct(ms500, 50))}, p95 ${f1(pct(ms500, 95))}; time per text p50 ${f1(pct(ms, 50))} ms, p95 ${f1(pct(ms, 95))} ms\n`,
      );
    }
    if (fake)
      console.log(
        `fake provider: ${fake.requests} requests, ${fake.partnerAnswers} answered with a corpus model rewrite`,
      );
    if (fakeOllama) console.log(`fake Ollama: ${fakeOllama.chatRequests} chat requests`);
  } finally {
    await fake?.close();
    await fakeOllama?.close();
  }
}

await main();
