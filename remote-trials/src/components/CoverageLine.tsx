import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TrialMatchResult } from '@oncodesk/shared/contracts';

type Counts = TrialMatchResult['counts'];
/** Each number with its own plural form ("1 non soddisfatto", "2 non soddisfatti"): i18next pluralizes on one count per string. */
const countParts = (t: TFunction<'trials'>, c: Counts) => {
  const notMet = t('results.notMet', { count: c.no_match });
  return {
    met: t('results.met', { count: c.match }),
    // "2 not met (2 of them do not decide alone)": a cohort's or a condition's sentence on a "Match" card
    notMet: c.not_deciding ? t('results.notMetWith', { notMet, notDeciding: t('results.notDeciding', { count: c.not_deciding }) }) : notMet,
    toCheck: t('results.toCheck', { count: c.unknown }),
  };
};
/** "3 met · 1 not met · 2 to check", in the interface language. */
export const criteriaCounts = (t: TFunction<'trials'>, c: Counts): string => t('results.counts', countParts(t, c));

/**
 * What the evaluation actually checked: "4 of 9 criteria checked (3 met, 1 not met)" and the key parts of
 * the decision it could not check (disease, setting, biomarkers, prior therapy), so a level is never read
 * as more than it is; the unread sentences that keep the trial from a match (coverage.undecidedBy), in the
 * record's words. Results cached before coverage was reported show the plain counts.
 */
export function CoverageLine({ match }: { match: Pick<TrialMatchResult, 'counts' | 'coverage'> }) {
  const { t } = useTranslation('trials');
  const c = match.coverage;
  if (!c) return <Typography.Text type="secondary" style={{ fontSize: 12 }}>{criteriaCounts(t, match.counts)}</Typography.Text>;
  return (
    <div data-testid="coverage" style={{ fontSize: 12 }}>
      <Typography.Text type="secondary">{t('results.coverage', { checked: c.checked, count: c.total, ...countParts(t, match.counts) })}</Typography.Text>
      {c.recordStatesCriteria === false && (
        <Typography.Text type="warning" data-testid="no-stated-criteria" style={{ display: 'block' }}>
          {t('results.noStatedCriteria')}
        </Typography.Text>
      )}
      {c.undecidedBy && c.undecidedBy.length > 0 && (
        <div data-testid="undecided-by">
          <Typography.Text type="warning" style={{ display: 'block' }}>
            {t('results.undecidedBy', { count: c.undecidedBy.length })}
          </Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {c.undecidedBy.map((s) => (
              <li key={s} style={{ overflowWrap: 'anywhere' }}>
                <Typography.Text type="secondary">“{s}”</Typography.Text>
              </li>
            ))}
          </ul>
        </div>
      )}
      {c.notChecked.length > 0 && (
        <Typography.Text type="warning" data-testid="not-checked" style={{ display: 'block' }}>
          {t('results.notChecked', { parts: c.notChecked.map((d) => t(`coverage.${d}`)).join(', ') })}
        </Typography.Text>
      )}
    </div>
  );
}
