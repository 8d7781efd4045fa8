import type { ChatMessage } from '@oncodesk/shared/contracts';
import type { ChatQuestion } from './questions';

/** Whether an answer is right: declined when it must be; else not declined, citing and saying what it must. */
export function judge(q: ChatQuestion, m: ChatMessage): { ok: boolean; why?: string } {
  if (q.unanswerable) return m.declined ? { ok: true } : { ok: false, why: 'answered an unanswerable question' };
  if (m.declined) return { ok: false, why: 'declined' };
  for (const c of q.cites ?? []) if (!m.citations.some((x) => x.kind === c.kind && (!c.id || x.id === c.id || x.trialId === c.id))) return { ok: false, why: `no ${c.kind}${c.id ? ` ${c.id}` : ''} citation` };
  for (const re of q.says ?? []) if (!re.test(m.content)) return { ok: false, why: `does not say ${re}` };
  return { ok: true };
}
