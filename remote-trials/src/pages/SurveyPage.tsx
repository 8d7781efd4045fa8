import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '@oncodesk/shared/router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Progress from 'antd/es/progress';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ApiError, type AnswerValue, type PatientFolder, type SurveyActions, type SurveyQuestion } from '@oncodesk/shared';
import { documentsApi, patientsApi, surveyApi } from '@oncodesk/shared/api';
import Tag from 'antd/es/tag';
import { QuestionInput } from '../components/QuestionInput';
import { rememberLabels } from '../components/AutocompleteInput';
import { useSearchRunner } from '../components/SearchRunner';
import { errorText } from '../lib/errors';
import { locationPreference } from '../components/LocationInput';

const empty = (v: AnswerValue | undefined) => v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The pre-screening survey, one question per step. Answers are saved on the server as each step is
 * left; the step is the question id in the URL, so a reload continues where it was.
 */
export default function SurveyPage() {
  const { t, i18n } = useTranslation('trials');
  const { patientId = '', step } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // where the survey leads when done (?next=recommendations: the treatment options), kept across its steps
  const toOptions = params.get('next') === 'recommendations';
  const keep = toOptions ? '?next=recommendations' : '';
  const [folder, setFolder] = useState<PatientFolder | null>(null);
  const [questions, setQuestions] = useState<SurveyQuestion[] | null>(null);
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [actions, setActions] = useState<SurveyActions | null>(null);
  // What is typed, held with the question it was typed for: a click on "Next" that lands while the next
  // question is already shown (a double click, a fast hand) then saves that question's own answer, never
  // the previous question's draft (an effect resetting the draft after the render left that window open).
  const [typed, setTyped] = useState<{ questionId: string; value: AnswerValue | undefined } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [locationLabel, setLocationLabel] = useState<string | undefined>(locationPreference(patientId)?.label);
  const search = useSearchRunner(patientId);
  // which answers accepted report findings gave: question id -> report names (shown as the answer's source)
  const [fromReports, setFromReports] = useState<Map<string, string[]>>(new Map());

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const f = await patientsApi.get(patientId);
        const [q, data] = await Promise.all([surveyApi.questions(f.focusArea, i18n.language), surveyApi.patientData(patientId, i18n.language)]);
        if (!live) return;
        rememberLabels(data.labels);
        setFolder(f);
        setQuestions(q.questions);
        setAnswers(data.focusArea ? data.answers : {});
        setActions(data.actions ?? null);
        // the answers' sources are a courtesy: a failure to list reports leaves the survey usable
        documentsApi.list(patientId).then((r) => {
          if (!live) return;
          const m = new Map<string, string[]>();
          for (const d of r.documents) for (const f of d.findings) if (f.status === 'accepted' && f.appliedTo) m.set(f.appliedTo, [...new Set([...(m.get(f.appliedTo) ?? []), d.name])]);
          setFromReports(m);
        }, () => undefined);
        const loc = data.patient.location;
        if (loc && !locationLabel) setLocationLabel([loc.city, loc.region, loc.country].filter(Boolean).join(', '));
      } catch {
        if (live) setLoadError(true);
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [patientId, i18n.language]);

  const visible = useMemo(() => {
    if (!questions) return [];
    const ids = actions?.visible ?? questions.filter((q) => !q.showIf?.length).map((q) => q.id);
    return ids.map((id) => questions.find((q) => q.id === id)).filter((q): q is SurveyQuestion => !!q);
  }, [questions, actions]);
  const index = visible.findIndex((q) => q.id === step);
  const question = index >= 0 ? visible[index] : undefined;

  // No (or a hidden) step in the URL: continue at the first unanswered question.
  useEffect(() => {
    if (!questions || !visible.length || question) return;
    const next = actions?.next ?? visible[0].id;
    void navigate(`/clinical-trials/${patientId}/survey/${next}${keep}`, { replace: true });
  }, [questions, visible, question, actions, navigate, patientId, keep]);

  useEffect(() => {
    setError(null);
    setTyped(null);
  }, [question]);

  if (loadError) return <Result status="warning" title={t('errors.load')} extra={<Button onClick={() => navigate('/clinical-trials')}>{t('common.backToFolders')}</Button>} />;
  if (!folder || !questions || !question) return <Spin data-testid="survey-loading" />;

  const draft = typed?.questionId === question.id ? typed.value : answers[question.id];
  const isLast = index === visible.length - 1;
  const stepTo = (id: string) => navigate(`/clinical-trials/${patientId}/survey/${id}${keep}`);

  const next = async () => {
    let current = actions;
    let list = visible;
    if (question.type !== 'location') {
      const before = answers[question.id];
      if (empty(draft) && question.validation.required) return setError(t('survey.required'));
      if (JSON.stringify(draft ?? null) !== JSON.stringify(before ?? null)) {
        setSaving(true);
        try {
          const r = await surveyApi.answer(patientId, folder.focusArea, question.id, empty(draft) ? null : draft!);
          const nextAnswers = { ...answers };
          if (r.value === null) delete nextAnswers[question.id];
          else nextAnswers[question.id] = r.value;
          for (const c of r.actions.cleared) delete nextAnswers[c];
          setAnswers(nextAnswers);
          // the stored answer (as the server normalised it) is what the question shows from now on
          setTyped(null);
          setActions(r.actions);
          current = r.actions;
          list = r.actions.visible.map((id) => questions.find((q) => q.id === id)!).filter(Boolean);
        } catch (e) {
          const field = e instanceof ApiError ? e.fields[0] : undefined;
          setError(field?.message ?? errorText(e));
          return;
        } finally {
          setSaving(false);
        }
      }
    }
    const at = list.findIndex((q) => q.id === question.id);
    if (at >= 0 && at < list.length - 1) return stepTo(list[at + 1].id);
    if (current && !current.complete && current.missingRequired.length) return stepTo(current.missingRequired[0]);
    void finish();
  };

  // the survey serves both paths: from the treatment options it returns there; otherwise it searches trials
  const finish = () =>
    toOptions
      ? navigate(`/clinical-trials/${patientId}/recommendations`)
      : search.start(locationLabel || answers.location ? { scope: 'radius', km: 100 } : { scope: 'global' });

  if (search.searching) {
    return (
      <Card data-testid="searching">
        <Result icon={<Spin size="large" />} title={t('results.searching')} subTitle={t('results.searchingHint')} />
      </Card>
    );
  }

  return (
    <div className="od-trials" data-testid="survey-page">
      <Typography.Text type="secondary">{folder.name} · {t(`focus.${folder.focusArea}`)}</Typography.Text>
      <Progress percent={Math.round(((index + 1) / visible.length) * 100)} format={() => t('survey.stepOf', { step: index + 1, total: visible.length })} aria-label={t('survey.stepOf', { step: index + 1, total: visible.length })} data-testid="survey-progress" />
      <Card>
        <Typography.Title level={4} data-testid="question-text" data-question-id={question.id}>
          {question.text}
        </Typography.Title>
        {question.help && <Typography.Paragraph type="secondary">{question.help}</Typography.Paragraph>}
        {fromReports.has(question.id) && (
          <Tag color="blue" style={{ marginBottom: 8, whiteSpace: 'normal' }} data-testid="answer-from-report">{t('survey.fromReport', { names: fromReports.get(question.id)!.join(', ') })}</Tag>
        )}
        {!question.validation.required && <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>{t('survey.optional')}</Typography.Text>}
        <QuestionInput
          key={question.id}
          question={question}
          value={draft}
          onChange={(v) => {
            setTyped({ questionId: question.id, value: v });
            setError(null);
          }}
          focusArea={folder.focusArea}
          patientId={patientId}
          locationLabel={locationLabel}
          onLocationSaved={(label) => {
            setLocationLabel(label);
            setAnswers((a) => ({ ...a, location: { id: 'saved' } }));
          }}
          onSubmit={() => void next()}
        />
        {error && <Typography.Text type="danger" style={{ display: 'block', marginTop: 8 }} data-testid="survey-error">{error}</Typography.Text>}
        {/* the last step starts the search: what it will cost, before the click */}
        {isLast && !toOptions && <div style={{ marginTop: 16 }}>{search.note}</div>}
        <div style={{ display: 'flex', gap: 8, marginTop: 16, flexWrap: 'wrap' }}>
          <Button onClick={() => (index > 0 ? stepTo(visible[index - 1].id) : navigate(`/clinical-trials/${patientId}`))} data-testid="survey-back">{t('common.back')}</Button>
          <Button type="primary" loading={saving} onClick={() => void next()} data-testid="survey-next">
            {isLast ? (toOptions ? t('survey.showOptions') : t('survey.findTrials')) : t('common.next')}
          </Button>
        </div>
      </Card>
      {search.element}
    </div>
  );
}
