import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { CriterionResult } from '@oncodesk/shared';
import { decidesAlone } from '@oncodesk/shared/contracts';
import { RowList } from '@oncodesk/shared/ui';
import { criterionWords, verdictColor } from '../lib/format';
import { CriterionSetBy } from './OverrideMark';

/** Criteria with their status, the trial sentence that decided each, and why. */
export function CriteriaList({ results, testId }: { results: CriterionResult[]; testId: string }) {
  const { t, i18n } = useTranslation('trials');
  return (
    <RowList
      items={results}
      data-testid={testId}
      empty={<Typography.Text type="secondary">{t('detail.noCriteria')}</Typography.Text>}
      rowProps={(r) => ({ 'data-testid': 'criterion', 'data-status': r.status })}
      renderRow={(r) => (
        <>
          <Tag color={verdictColor[r.status]} data-testid="criterion-status">{t(`chips.${r.status}`)}</Tag>
          <CriterionSetBy r={r} />
          {r.origin === 'derived' && <Tag data-testid="criterion-derived" title={t('detail.derivedHelp')}>{t('detail.derived')}</Tag>}
          {r.origin !== 'derived' && !decidesAlone(r) && (
            <Tag data-testid="criterion-not-deciding" title={t('detail.notDecidingAloneHelp')}>
              {t('detail.notDecidingAlone')}
            </Tag>
          )}
          <Typography.Text type="secondary">{t(`kinds.${r.kind}`)}</Typography.Text>
          <Typography.Paragraph style={{ margin: '4px 0' }} data-testid="criterion-source">“{r.source}”</Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {criterionWords(r, i18n.language).reason}
            {criterionWords(r, i18n.language).fact ? ` · ${t('detail.patientFact')}: ${criterionWords(r, i18n.language).fact}` : ''}
          </Typography.Text>
        </>
      )}
    />
  );
}

/** Consent, contraception, logistics: what the site confirms at enrolment, never part of the match. */
export function AdministrativeList({ results }: { results: CriterionResult[] }) {
  const { t } = useTranslation('trials');
  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="administrative-help">{t('detail.administrativeHelp')}</Typography.Paragraph>
      <RowList
        items={results}
        data-testid="tab-administrative"
        rowProps={() => ({ 'data-testid': 'administrative-item' })}
        renderRow={(r) => (
          <>
            <Typography.Text type="secondary">{t(`kinds.administrative`)}</Typography.Text>
            <Typography.Paragraph style={{ margin: '4px 0' }}>“{r.source}”</Typography.Paragraph>
          </>
        )}
      />
    </>
  );
}
