import { useEffect, useState } from 'react';
import { useNavigate, useParams } from '@oncodesk/shared/router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Collapse from 'antd/es/collapse';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { DownloadOutlined, ExperimentOutlined, FormOutlined, MessageOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { recommendationsCsv, type FindTreatmentResponse, type PatientFolder, type TreatmentRecommendation } from '@oncodesk/shared/contracts';
import { guidelinesApi, patientsApi } from '@oncodesk/shared/api';
import { NotMedicalAdvice } from '../components/Folded';
import { downloadText } from '../lib/format';
import { errorText } from '../lib/errors';
import { cspNonce } from '@oncodesk/shared/ui';

/** Print: only the recommendations show (the shell's bars and menus are hidden), every source expanded. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  .od-recs, .od-recs * { visibility: visible; }
  .od-recs { position: absolute; left: 0; top: 0; width: 100%; }
  .od-print-hide { display: none !important; }
  .od-recs .ant-collapse-content { display: block !important; height: auto !important; }
  .od-recs .ant-card { break-inside: avoid-page; }
}`;

/**
 * Treatment options from the loaded guideline pack for the folder's patient (the survey answers the trial
 * path uses): each with its evidence, sources, why it applies and caveats; what the record does not say;
 * what a fact rules out. The server answers in the interface language (the pack carries its rule text in
 * en/es/it); only the citations stay as published.
 */
export default function RecommendationsPage() {
  const { t, i18n } = useTranslation('trials');
  const { patientId = '' } = useParams();
  const navigate = useNavigate();
  const [folder, setFolder] = useState<PatientFolder | null>(null);
  const [answer, setAnswer] = useState<FindTreatmentResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([patientsApi.get(patientId), guidelinesApi.findTreatment({ patientId })]).then(
      ([f, a]) => {
        if (!live) return;
        setFolder(f);
        setAnswer(a);
      },
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
    // the answer's words (the pack's rule text included) come in the interface language: asked again on a switch
  }, [patientId, i18n.language]);

  if (error) return <Result status="warning" title={error} extra={<Button onClick={() => navigate(`/clinical-trials/${patientId}`)}>{t('common.back')}</Button>} />;
  if (!folder || !answer) return <Spin data-testid="recommendations-loading" />;
  const { pack } = answer;
  const date = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? new Date(`${d}T00:00:00Z`).toLocaleDateString(i18n.language, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }) : d);
  const survey = () => navigate(`/clinical-trials/${patientId}/survey?next=recommendations`);

  return (
    <div className="od-trials od-recs" data-testid="recommendations-page">
      <style nonce={cspNonce()}>{PRINT_CSS}</style>
      <Typography.Title level={3} style={{ marginBottom: 0 }}>{t('guidelines.title')}</Typography.Title>
      <Typography.Text type="secondary" data-testid="recommendations-patient">
        {folder.name} · {t(`focus.${folder.focusArea}`)}
        {answer.setting && ` · ${t(`guidelines.settings.${answer.setting}`)}`}
        {answer.nextLine !== null && ` · ${t('guidelines.nextLine', { line: answer.nextLine })}`}
      </Typography.Text>
      <Alert
        type="warning"
        showIcon
        style={{ margin: '12px 0' }}
        data-testid="pack-banner"
        title={t('guidelines.pack', { name: pack.name, version: pack.version, date: date(pack.date) })}
        description={
          <>
            <Typography.Paragraph style={{ marginBottom: 4 }} data-testid="pack-disclaimer">{pack.disclaimer}</Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('guidelines.packLanguage')}</Typography.Text>
          </>
        }
      />
      <NotMedicalAdvice />
      <div className="od-print-hide" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '8px 0' }}>
        <Button icon={<FormOutlined />} onClick={survey} data-testid="recommendations-survey">{folder.complete ? t('guidelines.editSurvey') : t('guidelines.completeSurvey')}</Button>
        <Button icon={<ExperimentOutlined />} onClick={() => navigate(`/clinical-trials/${patientId}/survey`)} data-testid="recommendations-trials">{t('guidelines.trials')}</Button>
        <Button icon={<DownloadOutlined />} disabled={!answer.recommendations.length} onClick={() => downloadText(recommendationsCsv(folder.name, answer), `oncodesk-options-${folder.name.replace(/[^A-Za-z0-9_-]+/g, '_')}.csv`)} data-testid="recommendations-csv">{t('results.downloadCsv')}</Button>
        <Button icon={<PrinterOutlined />} disabled={!answer.recommendations.length} onClick={() => window.print()} data-testid="recommendations-print">{t('results.downloadPdf')}</Button>
      </div>
      {!folder.complete && <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('guidelines.surveyIncomplete')} data-testid="survey-incomplete" />}
      {answer.recommendations.length === 0 ? (
        <Result status="info" title={t('guidelines.none')} subTitle={t('guidelines.noneHint')} data-testid="recommendations-none" />
      ) : (
        <>
          {answer.recommendations.some((r) => r.assumes) && <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('guidelines.conditionalIntro')} data-testid="conditional-intro" />}
          <Typography.Paragraph type="secondary" data-testid="recommendations-count">{t('guidelines.count', { count: answer.recommendations.length, considered: answer.considered })}</Typography.Paragraph>
          <div data-testid="recommendations-list" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {answer.recommendations.map((r, i) => (
              <RecommendationCard key={r.id} rec={r} rank={i + 1} date={date} onAsk={() => navigate(`/chat?${new URLSearchParams({ patientId, recommendationId: r.id })}`)} />
            ))}
          </div>
        </>
      )}
      <FactList
        title={t('guidelines.missing')}
        testId="missing-data"
        itemTestId="missing-item"
        items={answer.missingData.map((m) => ({
          key: m.fact,
          strong: m.fact,
          text: m.action ? ` — ${m.action}` : undefined,
          note: m.decides.length ? t('guidelines.decides', { options: m.decides.join(', ') }) : undefined,
        }))}
      />
      <FactList title={t('guidelines.ruledOut')} testId="ruled-out" itemTestId="ruled-out-item" items={answer.notApplicable.map((n) => ({ key: n.id, strong: n.therapy, note: n.reason }))} />
    </div>
  );
}

/** A titled list of facts (what is missing, what is ruled out); nothing when empty. */
function FactList({ title, testId, itemTestId, items }: { title: string; testId: string; itemTestId: string; items: Array<{ key: string; strong: string; text?: string; note?: string }> }) {
  if (!items.length) return null;
  return (
    <Card size="small" title={title} style={{ marginTop: 12 }} data-testid={testId}>
      <ul style={{ paddingLeft: 18, margin: 0 }}>
        {items.map((i) => (
          <li key={i.key} data-testid={itemTestId}>
            <Typography.Text strong>{i.strong}</Typography.Text>
            {i.text && <Typography.Text>{i.text}</Typography.Text>}
            {i.note && <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{i.note}</Typography.Text>}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** "If the patient has advanced or metastatic disease, if this is line 2": what an option holds on. */
function assumption(a: NonNullable<TreatmentRecommendation['assumes']>, t: (key: string, o?: Record<string, unknown>) => string): string {
  const lower = (x: string) => x.charAt(0).toLowerCase() + x.slice(1);
  const parts = [
    ...(a.settings?.length ? [t('guidelines.ifSettings', { settings: a.settings.map((s) => lower(t(`guidelines.settings.${s}`))).join(t('guidelines.or')) })] : []),
    ...(a.line !== undefined ? [t('guidelines.ifLine', { line: a.line })] : []),
    ...(a.condition ? [t('guidelines.ifCondition', { condition: a.condition })] : []),
  ];
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One option; "Ask about this option" opens the chat (another remote, reached by URL) on it. */
function RecommendationCard({ rec, rank, date, onAsk }: { rec: TreatmentRecommendation; rank: number; date: (d: string) => string; onAsk: () => void }) {
  const { t } = useTranslation('trials');
  const color = rec.evidence.category === 'fda_label' ? 'green' : rec.evidence.category === 'standard_of_care' ? 'blue' : 'default';
  return (
    <Card size="small" data-testid="recommendation" data-rule={rec.id}>
      <Typography.Title level={5} style={{ marginTop: 0 }} data-testid="recommendation-therapy">{rank}. {rec.therapy}</Typography.Title>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginBottom: 8 }}>
        <Tag color={color} data-testid="evidence-badge">{t(`guidelines.evidence.${rec.evidence.category}`)}</Tag>
        <Tag>{t(`guidelines.settings.${rec.setting}`)}{rec.line ? ` · ${t('guidelines.line', { line: rec.line })}` : ''}</Tag>
        <Tag>{t(`guidelines.kinds.${rec.kind}`)}</Tag>
        {rec.preference && <Tag color={rec.preference === 'preferred' ? 'cyan' : undefined} data-testid="preference">{t(`guidelines.preference.${rec.preference}`)}</Tag>}
        {rec.assumes && <Tag color="gold" data-testid="conditional-badge">{t('guidelines.conditional')}</Tag>}
        {rec.lessPreferred && <Tag color="orange" data-testid="less-preferred">{t('guidelines.lessPreferred')}</Tag>}
      </div>
      {rec.assumes && <Alert type="info" style={{ marginBottom: 6 }} data-testid="assumes" title={assumption(rec.assumes, t)} description={t('guidelines.decidedBy', { fact: rec.assumes.fact })} />}
      <Typography.Paragraph style={{ marginBottom: 6 }}>{rec.rationale}</Typography.Paragraph>
      {rec.ema && <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 6 }} data-testid="ema">{rec.ema}</Typography.Paragraph>}
      <Typography.Text strong style={{ fontSize: 13 }}>{t('guidelines.why')}</Typography.Text>
      <ul style={{ margin: '2px 0 6px', paddingLeft: 18 }} data-testid="matched-on">
        {rec.matchedOn.map((m) => (
          <li key={m} style={{ fontSize: 13 }}>{m}</li>
        ))}
      </ul>
      {rec.caveats.length > 0 && (
        <Alert type="warning" style={{ marginBottom: 6 }} data-testid="caveats" title={<ul style={{ margin: 0, paddingLeft: 18 }}>{rec.caveats.map((c) => <li key={c}>{c}</li>)}</ul>} />
      )}
      <Collapse
        size="small"
        data-testid="sources"
        items={[
          {
            key: 'sources',
            label: t('guidelines.sources', { count: rec.sources.length + rec.supporting.length }),
            children: (
              <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="source-list">
                {rec.sources.map((s) => (
                  <li key={s.citation} data-testid="source">
                    {s.citation} ({date(s.date)}){' '}
                    {s.url && <a href={s.url} target="_blank" rel="noreferrer">{t('guidelines.open')}</a>}
                  </li>
                ))}
                {rec.supporting.map((e) => (
                  <li key={e.id} data-testid="civic-item">
                    {t('guidelines.civic', { id: e.id, level: e.level })}: {e.molecularProfile} · {e.disease} · {e.therapies} · {e.citation}{' '}
                    <a href={e.url} target="_blank" rel="noreferrer">{t('guidelines.open')}</a>
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8, marginTop: 6 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('guidelines.reviewed', { date: date(rec.lastReviewed) })}</Typography.Text>
        <Button size="small" className="od-print-hide" icon={<MessageOutlined />} onClick={onAsk} data-testid="ask-recommendation">{t('ask.recommendation')}</Button>
      </div>
    </Card>
  );
}
