/**
 * The assistant (`npm run bench:chat`): bench/chat/questions.json (300+ questions over 40+ catalogue trials
 * and the demo workspace's patients; each need asked as first written and re-phrased the way people type,
 * en/es/it, follow-ups inside a conversation; out-of-scope ones that must be declined) through the API on
 * the embedded engine. The interface language is English throughout: a Spanish or Italian question must
 * be answered in its own language. Reported per half (original / re-phrased / fresh / fresh2 and fresh3, each tuned / held out inspected / s6, s7 and s8 tuned / the held-out file): answered right and cited,
 * out-of-scope declined; latency of an answer (p50 / p95 / max), measured around the answer's request.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { judge } from '../test/chat/score';
import { chatWorld } from '../test/chat/workspace';
import { sharedTrialsImport } from '../test/support/compiledTrials';
import { validateQuestions } from './chat/make';
import type { BenchQuestion } from './chat/needs';
import { percentile, table } from './lib';

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const BENCH_QUESTIONS: BenchQuestion[] = JSON.parse(fs.readFileSync(path.join(__dirname, 'chat', 'questions.json'), 'utf8'));

/**
 * The "fresh2" and "fresh3" halves are each split by a hash of the question's id: one part the assistant is tuned on, one held
 * out whose failures are counted but not printed (--show-held prints them). Their held-out parts were inspected in session 6
 * (their failures read while the assistant was changed): they are tuned now, and labelled so, still reported apart.
 */
const SPLIT = new Set<BenchQuestion['half']>(['fresh2', 'fresh3']);
/**
 * Sets written apart from the code and each measured once held out, then tuned on (their failures read while general
 * mechanisms were added), kept as written and reported apart with their failures printed: s6 (held out 67.0%, tuned in
 * session 7), s7 (held out 68.0% at the end of session 7, tuned in session 8), s8 (held out 76.0% at the end of session 8,
 * tuned in session 9), s9 (held out 78.0% at the end of session 9, tuned in session 10), s10 (held out 80.0%, measured once in
 * session 10, tuned in session 13), s11 (held out 79.0% right and cited, out of scope 9/10, measured once in session 12, tuned
 * in session 13) s12 (held out 85.8% right and cited, out of scope 11/12, measured once in session 13, tuned in session 14) and s13 (held out
 * 92.5% right and cited, out of scope 10/12, measured once in session 14, its out-of-scope failures read then; tuned in session 15). Relabelled expectations are listed in
 * the README's bench:chat section.
 */
const TUNED_FILES = [
  { file: path.join(__dirname, 'chat', 'questions-s6.json'), half: 's6', label: 's6 tuned in session 7 (inspected)' },
  { file: path.join(__dirname, 'chat', 'questions-s7.json'), half: 's7', label: 's7 tuned in session 8 (inspected)' },
  { file: path.join(__dirname, 'chat', 'questions-s8.json'), half: 's8', label: 's8 tuned in session 9 (inspected)' },
  { file: path.join(__dirname, 'chat', 'questions-s9.json'), half: 's9', label: 's9 tuned in session 10 (inspected)' },
  { file: path.join(__dirname, 'chat', 'questions-s10.json'), half: 's10', label: 's10 tuned in session 13 (inspected)' },
  { file: path.join(__dirname, 'chat', 'questions-s11.json'), half: 's11', label: 's11 tuned in session 13 (inspected)' },
  { file: path.join(__dirname, 'chat', 'questions-s12.json'), half: 's12', label: 's12 tuned in session 14 (inspected)' },
  { file: path.join(__dirname, 'chat', 'questions-s13.json'), half: 's13', label: 's13 tuned in session 15 (inspected)' },
] as const;
/**
 * The held-out set: written apart from the code and never inspected — its failures are counted but not printed (only
 * --show-held prints them, for after the work is done). --heldout=<file> or BENCH_CHAT_HELDOUT, else
 * bench/chat/questions-s14.json when it exists; checked by make.ts's validation (a question that fails is dropped and counted).
 */
const HELDOUT_FILE = process.argv.find((a) => a.startsWith('--heldout='))?.slice(10) ?? process.env.BENCH_CHAT_HELDOUT ?? path.join(__dirname, 'chat', 'questions-s14.json');
export const HELD_OUT = (q: BenchQuestion) => q.half === 'held-out' || (SPLIT.has(q.half) && createHash('sha1').update(q.id).digest()[0] % 2 === 1);
const rowOf = (q: BenchQuestion) =>
  q.half === 'held-out'
    ? 'held out (never inspected)'
    : TUNED_FILES.find((t) => t.half === q.half)?.label ??
      (!SPLIT.has(q.half)
        ? q.half
        : HELD_OUT(q)
          ? `${q.half} held out, inspected in session 6`
          : `${q.half} tuned`);

/** A question file written apart from the code, validated as the given half (none when the file is absent). */
function questionFile(file: string, half: BenchQuestion['half']): { questions: BenchQuestion[]; dropped: string[]; file: string | null } {
  if (!fs.existsSync(file)) return { questions: [], dropped: [], file: null };
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    return { questions: [], dropped: [`the file does not parse: ${(e as Error).message}`], file };
  }
  const ids = new Set(sharedTrialsImport().trials.map((t) => t.id));
  const { valid, dropped } = validateQuestions(raw, (id) => ids.has(id), half);
  return { questions: valid, dropped, file };
}

const droppedNote = (d: string[]) => (d.length ? ` (${d.length > 5 ? `${d.slice(0, 5).join(' | ')} | …` : d.join(' | ')})` : '');

async function main() {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  const showHeld = process.argv.includes('--show-held');
  // a held-out file named as a tuned set's own is measured held out, not also as tuned
  const heldOut = questionFile(HELDOUT_FILE, 'held-out');
  const tuned = TUNED_FILES.filter((t) => path.resolve(HELDOUT_FILE) !== path.resolve(t.file)).map((t) => ({ ...t, ...questionFile(t.file, t.half) }));
  const questions = [...BENCH_QUESTIONS, ...tuned.flatMap((t) => t.questions), ...heldOut.questions].filter((q) => !only || q.id.includes(only) || q.half === only || rowOf(q) === only);
  const w = await chatWorld();
  // warm: the first answer compiles regexes and loads vocabularies
  await w.ask('lung', 'What phase is NCT02151981?');
  const all: number[] = [];
  // CPU time of the process while an answer is made: the engine's own cost, which a loaded machine does not inflate as it does wall time
  const allCpu: number[] = [];
  const failures: string[] = [];
  let heldFailures = 0;
  const rows = new Map<string, { n: number; right: number; oos: number; declined: number; ms: number[]; cpu: number[] }>();
  for (const q of questions) {
    const { message, ms, cpuMs } = await w.ask(q.folder, q.q, { context: q.context, before: q.before, lang: 'en' });
    const j = judge(q, message);
    const r = rows.get(rowOf(q)) ?? { n: 0, right: 0, oos: 0, declined: 0, ms: [], cpu: [] };
    if (q.unanswerable) {
      r.oos++;
      if (j.ok) r.declined++;
    } else {
      r.n++;
      if (j.ok) r.right++;
    }
    if (!j.ok && HELD_OUT(q) && !showHeld) heldFailures++;
    else if (!j.ok) failures.push(`${q.id} [${q.lang}] ${q.before ? `(after ${q.before.join(' / ')}) ` : ''}${q.q} → ${j.why}\n    ${message.content.split('\n').slice(0, 3).join(' ⏎ ').slice(0, 260)}`);
    r.ms.push(ms);
    all.push(ms);
    r.cpu.push(cpuMs);
    allCpu.push(cpuMs);
    rows.set(rowOf(q), r);
  }
  await w.t.close();
  const trials = new Set(questions.flatMap((q) => (q.cites ?? []).filter((c) => c.kind === 'trial' && c.id).map((c) => c.id)));
  console.log(`\nAssistant bench: ${questions.length} questions over ${trials.size} trials and the demo patients (en ${questions.filter((q) => q.lang === 'en').length}, es ${questions.filter((q) => q.lang === 'es').length}, it ${questions.filter((q) => q.lang === 'it').length}; ${questions.filter((q) => q.before).length} follow-ups), embedded engine, through the API, interface language English\n`);
  console.log(
    table(
      ['half', 'answerable', 'right and cited', 'out of scope declined', 'p50 ms', 'p95 ms', 'CPU p95 ms'],
      [...rows].map(([h, r]) => [h, r.n, `${((100 * r.right) / r.n).toFixed(1)}% (${r.right}/${r.n})`, `${r.oos ? ((100 * r.declined) / r.oos).toFixed(0) : '–'}% (${r.declined}/${r.oos})`, percentile(sorted(r.ms), 50).toFixed(0), percentile(sorted(r.ms), 95).toFixed(0), percentile(sorted(r.cpu), 95).toFixed(0)]),
    ),
  );
  for (const t of tuned) if (t.file) console.log(`\nSet ${t.label} (${t.file}): ${t.questions.length} questions loaded, ${t.dropped.length} dropped by make.ts's validation${droppedNote(t.dropped)}`);
  console.log(
    heldOut.file
      ? `Held-out set (${heldOut.file}): ${heldOut.questions.length} questions loaded, ${heldOut.dropped.length} dropped by make.ts's validation${droppedNote(heldOut.dropped)}`
      : `Held-out set: ${HELDOUT_FILE} not found (not reported; --heldout=<file> names another)`,
  );
  console.log(`\nTargets: right and cited ≥ 90% on each half; out of scope declined 100%; p95 < 300 ms`);
  console.log(`Latency per answer (all): p50 ${percentile(sorted(all), 50).toFixed(0)} ms, p95 ${percentile(sorted(all), 95).toFixed(0)} ms, max ${Math.max(...all).toFixed(0)} ms`);
  console.log(`CPU time per answer (all; the process's user+system time, which other load on the machine does not add to): p50 ${percentile(sorted(allCpu), 50).toFixed(0)} ms, p95 ${percentile(sorted(allCpu), 95).toFixed(0)} ms, max ${Math.max(...allCpu).toFixed(0)} ms`);
  console.log(`Load average during the run (1 min): ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
  if (failures.length) console.log(`\nWrong (${failures.length}):\n${failures.map((f) => `- ${f}`).join('\n')}`);
  if (heldFailures) console.log(`\n${heldFailures} wrong in the held-out part (not shown; --show-held shows them)`);
}

void main();
