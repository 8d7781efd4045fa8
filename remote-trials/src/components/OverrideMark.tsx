import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { CriterionResult, TrialMatchResult } from '@oncodesk/shared';

/** The criteria of a match a clinician set (trial and cohorts), the latest first. */
export function overriddenCriteria(match: TrialMatchResult): CriterionResult[] {
  return [...match.results, ...match.cohorts.flatMap((c) => c.results)]
    .filter((r) => r.overridden)
    .sort((a, b) => (b.overriddenAt ?? '').localeCompare(a.overriddenAt ?? ''));
}

/** Who set an override and when, in the interface language ("Ana Rossi, 27/11/2026, 09:12"); empty when neither is known. */
export function setByWho(r: Pick<CriterionResult, 'overriddenBy' | 'overriddenAt'>, language: string): string {
  const at = r.overriddenAt ? new Date(r.overriddenAt) : null;
  const when = at && !Number.isNaN(at.getTime()) ? at.toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' }) : '';
  return [r.overriddenBy, when].filter(Boolean).join(', ');
}

const WRAP = { whiteSpace: 'normal', maxWidth: '100%', overflowWrap: 'anywhere' } as const;

/** On a criterion the clinician set: "set by clinician: who, when". */
export function CriterionSetBy({ r }: { r: CriterionResult }) {
  const { t, i18n } = useTranslation('trials');
  if (!r.overridden) return null;
  const who = setByWho(r, i18n.language);
  return (
    <Tag color="purple" style={WRAP} data-testid="criterion-set-by">
      {who ? t('graph.overriddenBy', { who }) : t('graph.overridden')}
    </Tag>
  );
}

/** On a trial (card, detail): how many of its criteria a clinician set, and the latest one's who and when. */
export function TrialSetBy({ match }: { match: TrialMatchResult }) {
  const { t, i18n } = useTranslation('trials');
  const set = overriddenCriteria(match);
  if (!set.length) return null;
  const who = setByWho(set[0], i18n.language);
  return (
    <Tag color="purple" style={WRAP} data-testid="trial-set-by">
      {who ? t('results.setBy', { count: set.length, who }) : t('results.setByAnonymous', { count: set.length })}
    </Tag>
  );
}
