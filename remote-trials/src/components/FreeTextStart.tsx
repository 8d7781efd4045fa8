import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { FormOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PatientNormalizationResponse } from '@oncodesk/shared/contracts';
import { trialsApi } from '@oncodesk/shared/api';
import { toastError } from '../lib/errors';

type Reading = PatientNormalizationResponse;

/** The line with what was understood marked green (struck through when denied) and what was not marked orange. */
function Marked({ text, reading }: { text: string; reading: Reading }) {
  const { t } = useTranslation('trials');
  const marks = [
    ...reading.spans.map((s) => ({ ...s, kind: s.assertion === 'absent' ? ('absent' as const) : ('understood' as const) })),
    ...reading.notUnderstood.map((s) => ({ ...s, kind: 'unplaced' as const })),
  ].sort((a, b) => a.start - b.start);
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const m of marks) {
    if (m.start < at) continue; // spans of one phrase may nest: the first shown wins
    if (m.start > at) parts.push(text.slice(at, m.start));
    const style =
      m.kind === 'unplaced'
        ? { background: '#fff1b8', borderBottom: '2px dotted #d48806' }
        : m.kind === 'absent'
          ? { background: '#f0f0f0', textDecoration: 'line-through' }
          : { background: '#d9f7be' };
    parts.push(
      <mark key={`${m.start}-${m.kind}`} style={{ ...style, padding: 0 }} title={t(`freeText.legend.${m.kind}`)} data-testid={`mark-${m.kind}`}>
        {text.slice(m.start, m.end)}
      </mark>,
    );
    at = m.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="free-text-marked">
      {parts}
    </Typography.Paragraph>
  );
}

/**
 * The wizard's free-text start: the clinician writes the patient as they would in a note ("mCRPC, 72M, s/p ADT
 * + abiraterone, ECOG 1" — in English, Spanish or Italian) and sees what the reader understood and what it did not,
 * before answering the survey. Nothing is saved from here: the survey stays the record.
 */
export function FreeTextStart() {
  const { t } = useTranslation('trials');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [reading, setReading] = useState<{ text: string; result: Reading } | null>(null);
  const fieldLabel = (field: string) => t(`freeText.fields.${field}`, { defaultValue: field });

  const read = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      setReading({ text, result: await trialsApi.readPatientText(text) });
    } catch (e) {
      toastError(e);
    } finally {
      setBusy(false);
    }
  };

  const understood = reading?.result.spans ?? [];
  const unplaced = reading?.result.notUnderstood ?? [];
  return (
    <Card style={{ marginTop: 16 }} data-testid="free-text-start">
      <Typography.Title level={4}>
        <FormOutlined /> {t('freeText.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('freeText.help')}</Typography.Paragraph>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={5000}
        placeholder={t('freeText.placeholder')}
        aria-label={t('freeText.title')}
        data-testid="free-text-input"
      />
      <Button type="primary" style={{ marginTop: 8 }} loading={busy} disabled={!text.trim()} onClick={() => void read()} data-testid="free-text-read">
        {t('freeText.read')}
      </Button>
      {reading && (
        <div style={{ marginTop: 16 }} data-testid="free-text-result">
          <Marked text={reading.text} reading={reading.result} />
          <Typography.Title level={5}>{t('freeText.understood', { count: understood.length })}</Typography.Title>
          {understood.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('freeText.nothingUnderstood')}</Typography.Paragraph>
          ) : (
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} data-testid="free-text-understood">
              {understood.map((s) => (
                <Tag key={`${s.start}-${s.field}`} color={s.assertion === 'absent' ? 'default' : 'green'} style={{ whiteSpace: 'normal' }}>
                  <strong>{fieldLabel(s.field)}</strong>
                  {s.assertion === 'absent' ? ` (${t('freeText.absent')})` : ''}: {s.text}
                </Tag>
              ))}
            </div>
          )}
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {t('freeText.notUnderstood', { count: unplaced.length })}
          </Typography.Title>
          {unplaced.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('freeText.allUnderstood')}</Typography.Paragraph>
          ) : (
            <>
              <Typography.Paragraph type="secondary">{t('freeText.notUsed')}</Typography.Paragraph>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} data-testid="free-text-not-understood">
                {unplaced.map((s) => (
                  <Tag key={s.start} color="orange" style={{ whiteSpace: 'normal' }}>
                    {s.text}
                    {s.reason === 'uncertain' ? ` (${t('freeText.uncertain')})` : ''}
                  </Tag>
                ))}
              </div>
            </>
          )}
          {reading.result.warnings.length > 0 && (
            <Alert
              style={{ marginTop: 12 }}
              type="warning"
              showIcon
              message={t('freeText.warnings')}
              description={reading.result.warnings.join('; ')}
              data-testid="free-text-warnings"
            />
          )}
        </div>
      )}
    </Card>
  );
}
