import { useState } from 'react';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { FOLD_AT } from '../lib/format';

/** Long text (>= 155 characters) shows its start and a toggle. */
export function Folded({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation('trials');
  const [open, setOpen] = useState(false);
  if (text.length < FOLD_AT) return <Typography.Paragraph data-testid={testId}>{text}</Typography.Paragraph>;
  return (
    <Typography.Paragraph data-testid={testId}>
      {open ? text : `${text.slice(0, FOLD_AT - 1).trimEnd()}…`}{' '}
      <Typography.Link onClick={() => setOpen(!open)} data-testid="fold-toggle">
        {open ? t('common.showLess') : t('common.showMore')}
      </Typography.Link>
    </Typography.Paragraph>
  );
}

/** The disclaimer kept visible on results and detail: this is decision support, not medical advice. */
export function NotMedicalAdvice() {
  const { t } = useTranslation('trials');
  return (
    <Typography.Paragraph type="secondary" className="od-trials-disclaimer" data-testid="not-medical-advice" style={{ fontSize: 12, borderLeft: '3px solid #faad14', paddingLeft: 8 }}>
      {t('common.disclaimer')}
    </Typography.Paragraph>
  );
}
