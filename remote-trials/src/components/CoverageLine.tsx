import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { TrialMatchResult } from '@oncodesk/shared/contracts';

/**
 * What the evaluation actually checked: "4 of 9 criteria checked (3 met, 1 not met)" and the key parts of
 * the decision it could not check (disease, setting, biomarkers, prior therapy), so a level is never read
 * as more than it is. Results cached before coverage was reported show the plain counts.
 */
export function CoverageLine({ match }: { match: Pick<TrialMatchResult, 'counts' | 'coverage'> }) {
  const { t } = useTranslation('trials');
  const c = match.coverage;
  if (!c) return <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('results.counts', match.counts)}</Typography.Text>;
  return (
    <div data-testid="coverage" style={{ fontSize: 12 }}>
      <Typography.Text type="secondary">{t('results.coverage', { checked: c.checked, total: c.total, match: match.counts.match, no_match: match.counts.no_match })}</Typography.Text>
      {c.notChecked.length > 0 && (
        <Typography.Text type="warning" data-testid="not-checked" style={{ display: 'block' }}>
          {t('results.notChecked', { parts: c.notChecked.map((d) => t(`coverage.${d}`)).join(', ') })}
        </Typography.Text>
      )}
    </div>
  );
}
