/**
 * The in-process model (`npm run bench:llm`): what an operator's machine does with LLM_GGUF_PATH, through
 * the product's own code (chat/localModel.ts, node-llama-cpp's prebuilt CPU binary): load time, resident
 * memory gained, prompt tokens per second and generated tokens per second, per thread count.
 *
 * No weights ship with the product, so by default it measures random-weight LLaMA models it writes
 * (test/chat/tinyGguf.ts): the tests' tiny one and a ~50M-parameter one (F32); with BENCH_LLM_3B=1 also
 * one of Llama 3.2 3B's shape and size in 4-bit blocks (Q4_0, 1.6 GB written to the temp folder; its
 * vocabulary is the tiny one, so it lacks the 0.4B parameters of a real embedding and output), whose
 * speed is what a real 3B Q4 model's would be. Set LLM_GGUF_PATH to measure a real GGUF file instead.
 * BENCH_RUNS answers per row (default 3; the first after loading is not counted when there are more).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Answer } from '../src/chat/engine';
import { localModelAnswerer } from '../src/chat/localModel';
import { tinyGguf } from '../test/chat/tinyGguf';
import { table } from './lib';

const defaultRuns = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const silent = { info() {}, warn() {}, error: (_o: unknown, m: string) => console.error(m), debug() {} } as unknown as Parameters<typeof localModelAnswerer>[1];

// sources of the size the assistant sends (a trial's criteria with the patient's answers)
const retrieved: Answer = {
  content: [
    'NCT01000002 (A phase 2 trial of osimertinib in EGFR-mutant non-small cell lung cancer) is a likely match for this patient [1].',
    'Inclusion: histologically confirmed non-small cell lung cancer, stage IIIB or IV, with an EGFR exon 19 deletion or L858R mutation [2].',
    'Inclusion: ECOG performance status 0-1; the patient has ECOG 1 [3].',
    'Exclusion: prior treatment with a third-generation EGFR inhibitor; the patient received erlotinib only [3].',
    'Sites recruiting near the patient: Milan (Istituto Nazionale dei Tumori), Rome (Policlinico Gemelli) [1].',
  ].join('\n'),
  citations: [
    { kind: 'trial', id: 'NCT01000002', label: 'NCT01000002 · Osimertinib in EGFR-mutant NSCLC' },
    { kind: 'criterion', id: 'NCT01000002#inc-1', label: 'Inclusion criterion 1' },
    { kind: 'patient', id: 'p1', label: 'Example patient (lung)' },
  ],
};

async function measure(label: string, file: string, threads: number, maxTokens: number, runs: number) {
  const model = localModelAnswerer({ path: file, threads, contextSize: 4096, maxTokens, timeoutMs: 1_800_000 }, silent);
  if (!(await model.load())) throw new Error(`${file} did not load`);
  const s = model.stats();
  const prompt: number[] = [];
  const gen: number[] = [];
  let promptTokens = 0;
  for (let i = 0; i < runs + (runs > 1 ? 1 : 0); i++) {
    // other sources each time (as another question retrieves): only the fixed instructions' tokens are reused
    const sources = { ...retrieved, citations: retrieved.citations.map((c, k) => (k === 0 ? { ...c, label: `${c.label} (${i})` } : c)) };
    await model.answer('Why does this trial match the patient?', sources, 'en').catch(() => {});
    const last = model.stats().last!;
    if (runs > 1 && i === 0) continue;
    promptTokens = last.promptTokens;
    prompt.push((last.promptTokens / Math.max(1, last.promptMs)) * 1000);
    gen.push(((last.outputTokens - 1) / Math.max(1, last.generationMs)) * 1000);
  }
  await model.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return [label, threads, maxTokens, s.loadMs!, Math.round(s.rssGainBytes! / 2 ** 20), promptTokens, Math.round(median(prompt)), Math.round(median(gen) * 10) / 10];
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-bench-llm-'));
  try {
    // [label, file, tokens per answer, answers]
    const models: Array<[string, string, number, number]> = [];
    if (process.env.LLM_GGUF_PATH) models.push([path.basename(process.env.LLM_GGUF_PATH), process.env.LLM_GGUF_PATH, 128, defaultRuns]);
    else {
      const tiny = tinyGguf(path.join(dir, 'tiny.gguf'));
      models.push([`random llama ${(tiny.parameters / 1e6).toFixed(2)}M F32 (tests' model)`, tiny.path, 128, defaultRuns]);
      const mid = tinyGguf(path.join(dir, 'mid.gguf'), { embedding: 1024, layers: 4, heads: 16, feedForward: 2816 });
      models.push([`random llama ${(mid.parameters / 1e6).toFixed(0)}M F32`, mid.path, 128, defaultRuns]);
      if (process.env.BENCH_LLM_3B === '1') {
        const big = tinyGguf(path.join(dir, 'big.gguf'), { embedding: 3072, layers: 28, heads: 24, kvHeads: 8, feedForward: 8192, type: 'q4_0' });
        models.push([`random llama ${(big.parameters / 1e9).toFixed(2)}B Q4_0 (Llama 3.2 3B's shape, ${(big.bytes / 2 ** 30).toFixed(1)} GiB)`, big.path, 32, 1]);
      }
    }
    const threads = process.env.LLM_THREADS ? [Number(process.env.LLM_THREADS)] : [1, os.availableParallelism()].filter((t, i, a) => a.indexOf(t) === i);
    const rows = [];
    for (const [label, file, tokens, n] of models) for (const t of threads) rows.push(await measure(label, file, t, tokens, n));
    console.log(`\nIn-process model (node-llama-cpp, CPU, ${os.availableParallelism()} cores; load average ${os.loadavg()[0].toFixed(1)}), ${defaultRuns} answer(s) per row (the 3B-shaped one: 1)\n`);
    console.log(table(['model', 'threads', 'tokens per answer', 'load ms', 'RSS +MiB (load)', 'prompt tokens read', 'prompt tokens/s', 'generated tokens/s'], rows));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
