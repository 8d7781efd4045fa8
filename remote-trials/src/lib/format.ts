import type { MatchedTrial, OverallStatus, TrialPhase } from '@oncodesk/shared';
import { EXCLUDES, isOpenStatus, messageLanguage, renderMessage, type CriterionResult, type PrimaryPurpose } from '@oncodesk/shared/contracts';

/** Texts at least this long are folded behind "Show more" in lists. */
export const FOLD_AT = 155;
/** The "+N" badge counts hidden items up to this many ("+9" also means more). */
export const MAX_BADGE = 9;

export const badge = (hidden: number) => (hidden <= 0 ? null : `+${Math.min(hidden, MAX_BADGE)}`);

export type RecruitingChip = 'recruiting' | 'not_recruiting' | 'unknown';
export function recruitingChip(status: OverallStatus): RecruitingChip {
  if (isOpenStatus(status)) return 'recruiting';
  if (status === 'unknown') return 'unknown';
  return 'not_recruiting';
}

export const phaseLabel = (phases: TrialPhase[]) =>
  phases.length ? phases.map((p) => (p === 'early_1' ? 'Early 1' : p === 'na' ? 'N/A' : p)).join('/') : '—';

export const verdictColor: Record<string, string> = { match: 'green', no_match: 'red', unknown: 'gold', not_eligible: 'volcano' };
export const statusColor: Record<string, string> = { match: '#389e0d', no_match: '#cf1322', unknown: '#d48806' };
export const levelColor: Record<string, string> = { high: 'green', medium: 'blue', low: 'default' };

export type SortKey = 'score' | 'distance' | 'level' | 'phase';
const LEVEL = { high: 3, medium: 2, low: 1 } as const;
const phaseRank = (m: MatchedTrial) => Math.max(0, ...m.trial.phases.map((p) => (p === 'early_1' ? 0.5 : Number(p) || 0)));

export function sortResults(list: MatchedTrial[], key: SortKey): MatchedTrial[] {
  const copy = [...list];
  if (key === 'distance') copy.sort((a, b) => (a.match.nearestSite?.distanceKm ?? Infinity) - (b.match.nearestSite?.distanceKm ?? Infinity));
  else if (key === 'level') copy.sort((a, b) => LEVEL[b.match.level] - LEVEL[a.match.level] || b.match.score - a.match.score);
  else if (key === 'phase') copy.sort((a, b) => phaseRank(b) - phaseRank(a));
  // Best match: the server's order as it is (verdict tiers, purpose, relevance: matcher/ranking.ts), never re-sorted here
  return copy;
}

export interface ResultFilter {
  verdicts: string[];
  recruitingOnly: boolean;
  likedOnly: boolean;
  /** Study purposes shown (DEFAULT_PURPOSES unless the clinician adds others); results without one read as "unknown". */
  purposes: readonly PrimaryPurpose[];
}
export function filterResults(list: MatchedTrial[], f: ResultFilter): MatchedTrial[] {
  return list.filter(
    (m) => (!f.verdicts.length || f.verdicts.includes(m.match.verdict)) && (!f.recruitingOnly || recruitingChip(m.trial.overallStatus) === 'recruiting') && (!f.likedOnly || m.liked) && f.purposes.includes(m.trial.primaryPurpose ?? 'unknown'),
  );
}

/** Starts a browser download of some text. */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A criterion's reason and patient fact in the interface language (the server's messages), falling back
 * to the English text for results cached before messages existed. The trial's own sentence is not
 * translated: it is shown as the record states it.
 */
export function criterionWords(r: Pick<CriterionResult, 'polarity' | 'reason' | 'reasonMsg' | 'patientFact' | 'factMsg'>, language: string): { reason: string; fact?: string } {
  const lang = messageLanguage(language);
  const reason = r.reasonMsg ? `${r.polarity === 'exclusion' ? `${EXCLUDES[lang]}: ` : ''}${renderMessage(r.reasonMsg, lang)}` : r.reason;
  return { reason, fact: r.factMsg ? renderMessage(r.factMsg, lang) : r.patientFact };
}
