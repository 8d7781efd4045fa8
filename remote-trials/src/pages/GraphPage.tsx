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
import { criterionWords } from '../lib/format';
import { type CriterionResult, type CriterionStatus, type PatientData, type Trial, type TrialMatchResult } from '@oncodesk/shared';
import { trialsApi } from '@oncodesk/shared/api';
import { RowList } from '@oncodesk/shared/ui';
import { MatchGraph } from '../components/graph/MatchGraph';
import { GROUPS, STATUS_COLORS, groupsOf, type GroupKey } from '../components/graph/groups';
import { NotMedicalAdvice } from '../components/Folded';
import { errorText, toastError } from '../lib/errors';
import { readCachedMatches, writeCachedMatches } from '../state/wizard';
import { useIsNarrow } from '../lib/useIsNarrow';

/**
 * The match graph of one trial: the clinician can set a criterion's status (an override), sees that
 * changes are pending, and re-runs the match to see what changed.
 */
/**
 * A match with one criterion's displayed status overridden (or reset when status is null), wherever the
 * criterion sits (trial or cohort): the computed status is kept so a reset shows it again.
 */
export function withOverride(m: TrialMatchResult, criterionId: string, status: CriterionStatus | null): TrialMatchResult {
  const one = (r: CriterionResult): CriterionResult =>
    r.criterionId !== criterionId ? r : { ...r, status: status ?? r.computedStatus ?? r.status, overridden: status !== null, computedStatus: r.computedStatus ?? r.status };
  return { ...m, results: m.results.map(one), cohorts: m.cohorts.map((c) => ({ ...c, results: c.results.map(one) })) };
}

export default function GraphPage() {
  const { t, i18n } = useTranslation('trials');
  const { patientId = '', trialId = '' } = useParams();
  const [params] = useSearchParams();
  const searchKey = params.get('search') ?? 'global';
  const navigate = useNavigate();
  const narrow = useIsNarrow();
  const panelTitle = useId();
  const [trial, setTrial] = useState<Trial | null>(null);
  const [match, setMatch] = useState<TrialMatchResult | null>(null);
  const [patient, setPatient] = useState<PatientData | undefined>();
  const [selected, setSelected] = useState<GroupKey>('alterations');
  const [pending, setPending] = useState(false);
  const [rerunning, setRerunning] = useState(false);
  const [lastChanges, setLastChanges] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    trialsApi.detail(trialId, patientId).then(
      (d) => {
        setTrial(d.trial);
        setMatch(d.match ?? null);
      },
      (e) => setError(errorText(e)),
    );
    trialsApi.patient(patientId).then((p) => setPatient(p.patient), () => undefined);
  }, [trialId, patientId]);

  const groups = useMemo(() => (match ? groupsOf(match, patient) : []), [match, patient]);
  const group = groups.find((g) => g.key === selected);

  const setStatus = async (criterionId: string, status: CriterionStatus | null) => {
    try {
      await trialsApi.updateCriterion({ patientId, criterionId, status });
      // The displayed status changes now; verdict and level follow on re-run.
      setMatch((m) => m && withOverride(m, criterionId, status));
      setPending(true);
      setLastChanges(null);
    } catch (e) {
      toastError(e);
    }
  };

  const rerun = async () => {
    setRerunning(true);
    try {
      const r = await trialsApi.reMatch(patientId, searchKey).catch(async (e) => {
        // The trial may come from a search that is not cached: match it alone.
        if ((e as { status?: number }).status !== 404) throw e;
        return null;
      });
      const mine = r?.results.find((x) => x.trial.id === trialId)?.match ?? (await trialsApi.detail(trialId, patientId)).match ?? null;
      setMatch(mine);
      setLastChanges(r ? r.changes.filter((c) => c.trialId === trialId).length : 0);
      if (r) {
        const cached = readCachedMatches(patientId, searchKey);
        writeCachedMatches({ patientId, searchKey, results: r.results, at: cached?.at ?? Date.now() });
      }
      setPending(false);
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
          action={<Button size="small" type="primary" icon={<ReloadOutlined />} loading={rerunning} onClick={() => void rerun()} data-testid="rerun-match">{t('graph.rerun')}</Button>}
          style={{ marginBottom: 8 }}
        />
      )}
      {lastChanges !== null && <Alert type="info" showIcon title={t('graph.rerunDone', { count: lastChanges })} data-testid="rerun-done" style={{ marginBottom: 8 }} />}
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
