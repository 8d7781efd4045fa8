import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { CriterionResult } from '@oncodesk/shared';
import { verdictColor } from '../lib/format';

/** Criteria with their status, the trial sentence that decided each, and why. */
export function CriteriaList({ results, testId }: { results: CriterionResult[]; testId: string }) {
  const { t } = useTranslation('trials');
  const { token } = theme.useToken();
  if (!results.length) return <Typography.Text type="secondary" data-testid={testId}>{t('detail.noCriteria')}</Typography.Text>;
  // A plain list with antd List's look (antd's List is deprecated; Listy is a virtualized div list without list semantics).
  return (
    <ul role="list" data-testid={testId} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {results.map((r, i) => (
        <li
          key={i}
          data-testid="criterion"
          data-status={r.status}
          style={{ padding: `${token.paddingContentVertical}px 0`, borderBlockEnd: i < results.length - 1 ? `${token.lineWidth}px ${token.lineType} ${token.colorSplit}` : undefined }}
        >
          <Tag color={verdictColor[r.status]} data-testid="criterion-status">{t(`chips.${r.status}`)}</Tag>
          {r.overridden && <Tag color="purple">{t('graph.overridden')}</Tag>}
          <Typography.Text type="secondary">{t(`kinds.${r.kind}`, { defaultValue: r.kind })}</Typography.Text>
          <Typography.Paragraph style={{ margin: '4px 0' }} data-testid="criterion-source">“{r.source}”</Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.reason}
            {r.patientFact ? ` · ${t('detail.patientFact')}: ${r.patientFact}` : ''}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}
