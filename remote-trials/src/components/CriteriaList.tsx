import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { CriterionResult } from '@oncodesk/shared';
import { verdictColor } from '../lib/format';

/** Criteria with their status, the trial sentence that decided each, and why. */
export function CriteriaList({ results, testId }: { results: CriterionResult[]; testId: string }) {
  const { t } = useTranslation('trials');
  if (!results.length) return <Typography.Text type="secondary" data-testid={testId}>{t('detail.noCriteria')}</Typography.Text>;
  return (
    <List
      data-testid={testId}
      dataSource={results}
      renderItem={(r) => (
        <List.Item data-testid="criterion" data-status={r.status}>
          <div style={{ width: '100%' }}>
            <Tag color={verdictColor[r.status]} data-testid="criterion-status">{t(`chips.${r.status}`)}</Tag>
            {r.overridden && <Tag color="purple">{t('graph.overridden')}</Tag>}
            <Typography.Text type="secondary">{t(`kinds.${r.kind}`, { defaultValue: r.kind })}</Typography.Text>
            <Typography.Paragraph style={{ margin: '4px 0' }} data-testid="criterion-source">“{r.source}”</Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.reason}
              {r.patientFact ? ` · ${t('detail.patientFact')}: ${r.patientFact}` : ''}
            </Typography.Text>
          </div>
        </List.Item>
      )}
    />
  );
}
