import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { FormOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@oncodesk/shared/router';
import type { FocusArea, SurveyFreeTextProposal, SurveyFreeTextResponse } from '@oncodesk/shared/contracts';
import { surveyApi } from '@oncodesk/shared/api';
import { toast } from '@oncodesk/shared/ui';
import { toastError } from '../lib/errors';

type Reading = Pick<SurveyFreeTextResponse, 'spans' | 'notUnderstood'>;

/** Ticked by default: what fills an empty answer or grows a list; a replacement of a stored answer only when the clinician ticks it. */
const tickedByDefault = (p: SurveyFreeTextProposal) => p.status === 'new' || p.status === 'adds';

/** One proposed answer: the question, the value as it will be stored, the words it came from, and what it does to a stored answer. */
function ProposalRow({ p, checked, onChange }: { p: SurveyFreeTextProposal; checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('trials');
  return (
    <div style={{ padding: '6px 0', borderBottom: '1px solid #f0f0f0' }} data-testid={`free-text-proposal-${p.questionId}`}>
      <Checkbox checked={checked} disabled={p.status === 'same'} onChange={(e) => onChange(e.target.checked)} aria-label={p.question}>
        <Typography.Text type="secondary">{p.question}</Typography.Text>
        <br />
        <Typography.Text strong>{p.display}</Typography.Text>
        {p.from.length > 0 && <Typography.Text type="secondary"> · {t('freeText.from', { text: p.from.join(', ') })}</Typography.Text>}
      </Checkbox>
      {p.status !== 'new' && (
        <Typography.Paragraph
          type={p.status === 'replaces' ? 'warning' : 'secondary'}
          style={{ margin: '2px 0 0 24px' }}
          data-testid="free-text-proposal-status"
        >
          {t(`freeText.status.${p.status}`, { current: p.currentDisplay ?? '' })}
        </Typography.Paragraph>
      )}
    </div>
  );
}

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
 * and the survey answers that gives. Nothing is saved until they confirm; an answer already given is replaced only
 * when they tick it; then the survey opens at the first question still unanswered.
 */
export function FreeTextStart({ patientId, focusArea }: { patientId: string; focusArea: FocusArea }) {
  const { t, i18n } = useTranslation('trials');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [saving, setSaving] = useState(false);
  const [reading, setReading] = useState<{ text: string; result: SurveyFreeTextResponse } | null>(null);
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const fieldLabel = (field: string) => t(`freeText.fields.${field}`, { defaultValue: field });

  const read = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      const result = await surveyApi.readFreeText(patientId, focusArea, text, i18n.language);
      setReading({ text, result });
      setTicked(Object.fromEntries(result.proposals.map((p) => [p.questionId, tickedByDefault(p)])));
    } catch (e) {
      toastError(e);
    } finally {
      setBusy(false);
    }
  };

  const chosen = reading?.result.proposals.filter((p) => ticked[p.questionId] && p.status !== 'same') ?? [];
  const confirm = async () => {
    setSaving(true);
    try {
      const answers = Object.fromEntries(chosen.map((p) => [p.questionId, p.value]));
      const replace = chosen.filter((p) => p.status === 'replaces').map((p) => p.questionId);
      const r = await surveyApi.answerMany(patientId, focusArea, answers, replace);
      if (r.kept.length) toast.success(t('freeText.kept', { count: r.kept.length }));
      void navigate(`/clinical-trials/${patientId}/survey`);
    } catch (e) {
      toastError(e);
    } finally {
      setSaving(false);
    }
  };

  const understood = reading?.result.spans ?? [];
  const unplaced = reading?.result.notUnderstood ?? [];
  const proposals = reading?.result.proposals ?? [];
  const notPut = reading?.result.unplaced ?? [];
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
          {notPut.length > 0 && (
            <>
              <Typography.Title level={5} style={{ marginTop: 12 }}>
                {t('freeText.unplaced', { count: notPut.length })}
              </Typography.Title>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} data-testid="free-text-unplaced">
                {notPut.map((u) => (
                  <Tag key={`${u.field}-${u.text}`} style={{ whiteSpace: 'normal' }}>
                    {u.text} ({t(`freeText.reason.${u.reason}`)})
                  </Tag>
                ))}
              </div>
            </>
          )}
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {t('freeText.proposals', { count: proposals.length })}
          </Typography.Title>
          {proposals.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('freeText.noProposals')}</Typography.Paragraph>
          ) : (
            <div data-testid="free-text-proposals">
              <Typography.Paragraph type="secondary">{t('freeText.proposalsHelp')}</Typography.Paragraph>
              {proposals.map((p) => (
                <ProposalRow
                  key={p.questionId}
                  p={p}
                  checked={!!ticked[p.questionId] || p.status === 'same'}
                  onChange={(on) => setTicked((x) => ({ ...x, [p.questionId]: on }))}
                />
              ))}
              <Button
                type="primary"
                style={{ marginTop: 12 }}
                loading={saving}
                disabled={chosen.length === 0}
                onClick={() => void confirm()}
                data-testid="free-text-confirm"
              >
                {t('freeText.confirm', { count: chosen.length })}
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
