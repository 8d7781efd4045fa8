import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '@oncodesk/shared/router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Segmented from 'antd/es/segmented';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { messageLanguage } from '@oncodesk/shared/contracts';
import { criterionWords } from '../lib/format';
import { type CriterionStatus, type Trial } from '@oncodesk/shared';
import { RowList } from '@oncodesk/shared/ui';
import { MatchGraph } from '../components/graph/MatchGraph';
import { GROUPS, STATUS_COLORS, groupsOf, type GroupKey } from '../components/graph/groups';
import { NotMedicalAdvice } from '../components/Folded';
import { errorText, toastError } from '../lib/errors';
import { loadTrial, rerun, setOverride, useFolderPatient, useTrialMatch, type TrialChanges } from '../state/folderSearch';
import { CriterionSetBy } from '../components/OverrideMark';
import { useIsNarrow } from '@oncodesk/shared/ui';

/**
 * The match graph of one trial: the clinician can set a criterion's status (an override), sees that
 * changes are pending, and re-runs the match to see what changed (state/folderSearch owns all three).
 */
export default function GraphPage() {
  const { t, i18n } = useTranslation('trials');
  const { patientId = '', trialId = '' } = useParams();
  const [params] = useSearchParams();
  const searchKey = params.get('search') ?? 'global';
  const navigate = useNavigate();
  const narrow = useIsNarrow();
  const panelTitle = useId();
  const [trial, setTrial] = useState<Trial | null>(null);
  const { match, pending } = useTrialMatch(patientId, trialId);
  const patient = useFolderPatient(patientId)?.patient;
  const [selected, setSelected] = useState<GroupKey>('alterations');
  const [rerunning, setRerunning] = useState(false);
  const [lastChanges, setLastChanges] = useState<TrialChanges | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    loadTrial(patientId, trialId).then(
      (d) => setTrial(d.trial),
      (e) => setError(errorText(e)),
    );
  }, [trialId, patientId]);

  const language = messageLanguage(i18n.language);
  const groups = useMemo(() => (match ? groupsOf(match, patient, language) : []), [match, patient, language]);
  const group = groups.find((g) => g.key === selected);

  const setStatus = async (criterionId: string, status: CriterionStatus | null) => {
    try {
      await setOverride(patientId, criterionId, status);
      setLastChanges(null);
    } catch (e) {
      toastError(e);
    }
  };

  const rerunMatch = async () => {
    setRerunning(true);
    try {
      setLastChanges(await rerun(patientId, searchKey, trialId));
    } catch (e) {
      toastError(e);
    } finally {
      setRerunning(false);
    }
  };

  if (error) return <Result status="warning" title={error} />;
  if (!trial || !match) return <Spin data-testid="graph-loading" />;

  return (
    <div className="od-trials" data-testid="graph-page">
      <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingLeft: 0 }} onClick={() => navigate(`/clinical-trials/${patientId}/trial/${encodeURIComponent(trialId)}?search=${encodeURIComponent(searchKey)}&tab=evaluation`)}>{t('detail.backToTrial')}</Button>
      <Typography.Title level={4}>{t('graph.title')}</Typography.Title>
      <Typography.Text type="secondary">{trial.briefTitle}</Typography.Text>
      <NotMedicalAdvice />
      <div style={{ margin: '8px 0' }}>
        <Tag color={STATUS_COLORS[match.verdict === 'match' ? 'match' : match.verdict === 'unknown' ? 'unknown' : 'no_match']} data-testid="graph-verdict">{t(`chips.${match.verdict}`)}</Tag>
        <Tag>{t('results.level', { level: t(`levels.${match.level}`) })}</Tag>
      </div>
      {pending && (
        <Alert
          type="warning"
          showIcon
          title={t('graph.changesDetected')}
          data-testid="changes-detected"
          action={<Button size="small" type="primary" icon={<ReloadOutlined />} loading={rerunning} onClick={() => void rerunMatch()} data-testid="rerun-match">{t('graph.rerun')}</Button>}
          style={{ marginBottom: 8 }}
        />
      )}
      {lastChanges !== null && (
        <Alert
          type="info"
          showIcon
          title={`${lastChanges.verdict ? t('graph.rerunVerdict', { before: t(`chips.${lastChanges.verdict.before}`), after: t(`chips.${lastChanges.verdict.after}`) }) : t('graph.rerunSameVerdict', { verdict: t(`chips.${match.verdict}`) })}; ${t('graph.rerunCriteria', { count: lastChanges.criteria })}`}
          data-testid="rerun-done"
          style={{ marginBottom: 8 }}
        />
      )}
      <MatchGraph match={match} patient={patient} selected={selected} onSelect={setSelected} compact={narrow} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, margin: '8px 0' }} data-testid="graph-legend">
        {GROUPS.map((k) => {
          const g = groups.find((x) => x.key === k)!;
          return (
            <Tag.CheckableTag key={k} checked={selected === k} onChange={() => setSelected(k)} style={{ border: `1px solid ${STATUS_COLORS[g.status]}` }} data-testid={`graph-group-${k}`} data-status={g.status}>
              {t(`graph.groups.${k}`)}
            </Tag.CheckableTag>
          );
        })}
      </div>
      {group && (
        <div data-testid="graph-panel">
          <Typography.Title level={5} id={panelTitle}>{t(`graph.groups.${group.key}`)}{group.fact ? ` · ${t('graph.patientValue', { value: group.fact })}` : ''}</Typography.Title>
          <RowList
            items={group.criteria}
            aria-labelledby={panelTitle}
            empty={<Typography.Text type="secondary">{t('graph.noCriteria')}</Typography.Text>}
            rowProps={(c) => ({ 'data-testid': 'graph-criterion', 'data-criterion-id': c.criterionId })}
            renderRow={(c) => (
              <>
                <Typography.Paragraph style={{ marginBottom: 4 }}>“{c.source}”</Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>{criterionWords(c, i18n.language).reason}</Typography.Text>
                <Segmented
                  size="small"
                  value={c.status}
                  onChange={(v) => void setStatus(c.criterionId, v as CriterionStatus)}
                  options={(['match', 'no_match', 'unknown'] as const).map((s) => ({ value: s, label: <span data-testid={`set-${s}`}>{t(`chips.${s}`)}</span> }))}
                  data-testid="criterion-segmented"
                />
                <CriterionSetBy r={c} />
                {c.overridden && (
                  <Button size="small" type="link" onClick={() => void setStatus(c.criterionId, null)} data-testid="criterion-reset">{t('graph.reset')}</Button>
                )}
              </>
            )}
          />
        </div>
      )}
    </div>
  );
}
