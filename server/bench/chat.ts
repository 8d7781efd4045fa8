/**
 * The assistant (`npm run bench:chat`): the question set (test/chat/questions.ts, en/es/it over the shared
 * trials and the demo workspace) through the API on the embedded engine — share answered right with the
 * right citations, share of unanswerable ones declined, latency of an answer (p50 / p95 / max).
 */
import { QUESTIONS } from '../test/chat/questions';
import { judge } from '../test/chat/score';
import { chatWorld } from '../test/chat/workspace';
import { percentile, table } from './lib';

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

async function main() {
  const w = await chatWorld();
  // warm: the first answer compiles regexes and loads vocabularies
  await w.ask('lung', 'What phase is NCT02151981?');
  const rows = new Map<string, { n: number; right: number; ms: number[] }>();
  const all: number[] = [];
  const failures: string[] = [];
  for (const q of QUESTIONS) {
    const { message, ms } = await w.ask(q.folder, q.q, { trialId: q.trialId, lang: q.lang });
    const j = judge(q, message);
    const group = q.unanswerable ? 'unanswerable (must decline)' : q.id.replace(/-\d+$/, '');
    const r = rows.get(group) ?? { n: 0, right: 0, ms: [] };
    r.n++;
    if (j.ok) r.right++;
    else failures.push(`${q.id} [${q.lang}] ${q.q} → ${j.why}`);
    r.ms.push(ms);
    all.push(ms);
    rows.set(group, r);
  }
  await w.t.close();
  const answerable = QUESTIONS.filter((q) => !q.unanswerable);
  const rightAnswerable = [...rows].filter(([g]) => !g.startsWith('unanswerable')).reduce((n, [, r]) => n + r.right, 0);
  const un = rows.get('unanswerable (must decline)')!;
  console.log(`\nAssistant question set: ${QUESTIONS.length} questions (${answerable.length} answerable, ${un.n} unanswerable; en ${QUESTIONS.filter((q) => q.lang === 'en').length}, es ${QUESTIONS.filter((q) => q.lang === 'es').length}, it ${QUESTIONS.filter((q) => q.lang === 'it').length}), embedded engine, through the API\n`);
  console.log(table(['group', 'questions', 'right', 'p50 ms', 'p95 ms'], [...rows].map(([g, r]) => [g, r.n, `${r.right}/${r.n}`, percentile(sorted(r.ms), 50).toFixed(0), percentile(sorted(r.ms), 95).toFixed(0)])));
  console.log(`\nAnswered right and cited: ${((100 * rightAnswerable) / answerable.length).toFixed(1)}% (${rightAnswerable}/${answerable.length}; target ≥ 90%)`);
  console.log(`Unanswerable declined: ${((100 * un.right) / un.n).toFixed(0)}% (${un.right}/${un.n}; target 100%)`);
  console.log(`Latency per answer: p50 ${percentile(sorted(all), 50).toFixed(0)} ms, p95 ${percentile(sorted(all), 95).toFixed(0)} ms, max ${Math.max(...all).toFixed(0)} ms (target p95 < 300 ms)`);
  if (failures.length) console.log(`\nWrong:\n${failures.map((f) => `- ${f}`).join('\n')}`);
}

void main();
