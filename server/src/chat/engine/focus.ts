import type { ChatContext, ChatMessage } from '@oncodesk/shared/contracts';

/**
 * What a conversation is about now, carried into a follow-up ("¿Y el centro más cercano?" keeps the
 * trial): the trial, option or report the last question named or the last answer was about, else what the
 * conversation was opened on. An answer is "about" one thing when all its citations of that kind name the
 * same one (a list of trials names none in particular).
 */
export interface Focus extends ChatContext {
  documentId?: string;
}

const NCT = /\bNCT\d{8}\b/gi;

function single(values: Array<string | undefined>): string | undefined {
  const set = new Set(values.filter((v): v is string => !!v));
  return set.size === 1 ? [...set][0] : undefined;
}

export function focusOf(context: ChatContext, history: ChatMessage[]): Focus {
  const focus: Focus = { ...context };
  // oldest first, so that the latest turn wins
  for (const m of history.slice(-8)) {
    if (m.role === 'user') {
      const ids = [...new Set([...m.content.matchAll(NCT)].map((x) => x[0].toUpperCase()))];
      if (ids.length === 1) focus.trialId = ids[0];
      continue;
    }
    if (m.declined || m.failed || !m.citations.length) continue;
    const trial = single(
      m.citations.filter((c) => c.kind === 'trial' || c.kind === 'criterion').map((c) => c.trialId ?? (c.kind === 'trial' ? c.id : undefined)),
    );
    const trials = m.citations.filter((c) => c.kind === 'trial').length;
    if (trial && trials <= 1) focus.trialId = trial;
    const options = m.citations.filter((c) => c.kind === 'guideline' && !c.id.includes(' '));
    const option = options.length === 1 ? options[0].id : undefined;
    if (option) focus.recommendationId = option;
    const doc = single(m.citations.filter((c) => c.kind === 'document').map((c) => c.documentId));
    if (doc) focus.documentId = doc;
  }
  return focus;
}
