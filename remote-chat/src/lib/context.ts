import type { ChatContext } from '@oncodesk/shared/contracts';

/** The "Ask about this" context in a /chat URL (trialId, searchKey, recommendationId), or null without one. */
export function contextFromParams(params: URLSearchParams): ChatContext | null {
  const context: ChatContext = {};
  for (const key of ['trialId', 'searchKey', 'recommendationId'] as const) {
    const value = params.get(key)?.trim();
    if (value) context[key] = value;
  }
  return Object.keys(context).length ? context : null;
}

/** The question the composer starts with for a context (an i18n key of the chat namespace). */
export function suggestionKey(context: ChatContext): 'suggest.trial' | 'suggest.recommendation' | 'suggest.search' {
  if (context.trialId) return 'suggest.trial';
  if (context.recommendationId) return 'suggest.recommendation';
  return 'suggest.search';
}
