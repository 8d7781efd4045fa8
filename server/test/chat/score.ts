import type { ChatMessage } from '@oncodesk/shared/contracts';

/** What a right answer must do: cite these sources and say these things (regular expressions; as text, a leading "(?i)" ignores case). */
export interface Expected {
  cites?: Array<{ kind: string; id?: string }>;
  says?: Array<RegExp | string>;
  unanswerable?: true;
}

const regex = (x: RegExp | string) => (typeof x === 'string' ? (x.startsWith('(?i)') ? new RegExp(x.slice(4), 'i') : new RegExp(x)) : x);

/** Whether an answer is right: declined when it must be; else not declined, citing and saying what it must. */
export function judge(q: Expected, m: ChatMessage): { ok: boolean; why?: string } {
  if (q.unanswerable) return m.declined ? { ok: true } : { ok: false, why: 'answered an unanswerable question' };
  if (m.declined) return { ok: false, why: 'declined' };
  if (!m.citations.length) return { ok: false, why: 'cites nothing' };
  for (const c of q.cites ?? []) if (!m.citations.some((x) => x.kind === c.kind && (!c.id || x.id === c.id || x.trialId === c.id))) return { ok: false, why: `no ${c.kind}${c.id ? ` ${c.id}` : ''} citation` };
  for (const re of q.says ?? []) if (!regex(re).test(m.content)) return { ok: false, why: `does not say ${regex(re)}` };
  return { ok: true };
}
