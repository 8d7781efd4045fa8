import * as A from './answers';
import { parseQuestion } from './intent';
import { say, type Lang } from './messages';
import type { ChatSources } from './sources';

export type { Answer } from './answers';
export type { ChatSources } from './sources';
export type { Lang } from './messages';
export { parseQuestion } from './intent';

const TRIAL_INTENTS = new Set(['why_match', 'criteria', 'sites', 'arms', 'phase', 'sponsor']);

/**
 * The embedded answer engine: recognises what a question asks (intent.ts), answers from the sources only,
 * extractively and with the source of every line, and declines what the sources do not hold.
 */
export async function answerQuestion(question: string, s: ChatSources, lang: Lang): Promise<A.Answer> {
  const q = parseQuestion(question);
  if (TRIAL_INTENTS.has(q.intent)) {
    const { trial, missing } = A.trialOf(q, s);
    if (missing) return { content: say('unknownTrial', lang, { id: missing }), citations: [], declined: true };
    if (!trial) return { content: say('needTrial', lang), citations: [], declined: true };
    switch (q.intent) {
      case 'why_match':
        return A.whyMatch(trial, s, lang);
      case 'criteria':
        return A.criteria(trial, q.polarity, s, lang);
      case 'sites':
        return A.sites(trial, s, lang);
      case 'arms':
        return A.arms(trial, s, lang);
      case 'phase':
        return A.phase(trial, s, lang);
      default:
        return A.sponsor(trial, s, lang);
    }
  }
  switch (q.intent) {
    case 'trials_targeting':
      return A.trialsTargeting(question, s, lang);
    case 'guideline':
      return A.guideline(s, lang);
    case 'evidence':
      return A.evidence(s, lang);
    case 'missing':
      return A.missing(s, lang);
    case 'changed':
      return A.changed(s, lang);
    case 'report':
      return A.report(question, s, lang);
    case 'patient':
      return A.patient(s, lang);
    default:
      return { content: say('decline', lang), citations: [], declined: true };
  }
}
