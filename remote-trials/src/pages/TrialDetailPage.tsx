import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '@oncodesk/shared/router';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { ApartmentOutlined, ArrowLeftOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TrialDetailResponse } from '@oncodesk/shared';
import { haversineKm } from '@oncodesk/shared/contracts';
import { trialsApi } from '@oncodesk/shared/api';
import { RowList } from '@oncodesk/shared/ui';
import { PurposeTag } from '../components/PurposeTag';
import { TrialSetBy } from '../components/OverrideMark';
import { AdministrativeList, CriteriaList } from '../components/CriteriaList';
import { NotMedicalAdvice } from '../components/Folded';
import { criteriaCounts } from '../components/CoverageLine';
import { phaseLabel, verdictColor, levelColor } from '../lib/format';
import { errorText } from '../lib/errors';
import { useIsNarrow } from '@oncodesk/shared/ui';
import { loadTrial, useFolderPatient, useTrialMatch } from '../state/folderSearch';


/** A trial in full, for this folder's patient: overview, text, sites, criteria, cohorts, evidence, evaluation, blurb. */
export default function TrialDetailPage() {
  const { t } = useTranslation('trials');
  const { patientId = '', trialId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const searchKey = params.get('search') ?? 'global';
  const tab = params.get('tab') ?? 'overview';
  const navigate = useNavigate();
  const [data, setData] = useState<TrialDetailResponse | null>(null);
  const point = useFolderPatient(patientId)?.patient.location?.point;
  // the match as the folder's store holds it: an override set on the graph shows here too
  const { match: storedMatch } = useTrialMatch(patientId, trialId);
  const [error, setError] = useState<string | null>(null);
  const [blurb, setBlurb] = useState<string | null>(null);
  const narrow = useIsNarrow();

  useEffect(() => {
    loadTrial(patientId, trialId).then(setData, (e) => setError(errorText(e)));
  }, [trialId, patientId]);
  useEffect(() => {
    if (tab === 'blurb' && blurb === null) trialsApi.blurb(patientId, trialId).then((r) => setBlurb(r.blurb), (e) => setBlurb(errorText(e)));
  }, [tab, blurb, patientId, trialId]);

  const selectTab = (k: string) =>
    setParams(
      (p) => {
        p.set('tab', k);
        return p;
      },
      { replace: true },
    );

  const sites = useMemo(() => {
    const list = (data?.trial.sites ?? []).map((s) => ({ ...s, km: point && s.point ? haversineKm(point, s.point) : undefined }));
    return list.sort((a, b) => (a.km ?? Infinity) - (b.km ?? Infinity));
  }, [data, point]);

  if (error) return <Result status="warning" title={error} extra={<Button onClick={() => navigate(-1)}>{t('common.back')}</Button>} />;
  if (!data) return <Spin data-testid="detail-loading" />;
  const { trial } = data;
  const match = storedMatch ?? data.match;
  const every = match ? [...match.results, ...match.cohorts.flatMap((c) => c.results)] : [];
  // consent, contraception and logistics are shown apart: they never decide the verdict
  const all = every.filter((r) => r.kind !== 'administrative');
  const administrative = every.filter((r) => r.kind === 'administrative');
  const dates = [trial.dates.start, trial.dates.primaryCompletion ?? trial.dates.completion].filter(Boolean).join(' – ');

  // what the record does not state says so, rather than a bare dash
  const notStated = <Typography.Text type="secondary" data-testid="not-stated">{t('detail.notStated')}</Typography.Text>;
  const items = [
    {
      key: 'overview',
      label: t('detail.tabs.overview'),
      children: (
        <Descriptions column={1} size="small" bordered data-testid="tab-overview">
          <Descriptions.Item label={t('detail.phase')}>{trial.phases.length ? phaseLabel(trial.phases) : notStated}</Descriptions.Item>
          <Descriptions.Item label={t('detail.purpose')}><PurposeTag purpose={trial.primaryPurpose} origin={trial.purposeOrigin} /></Descriptions.Item>
          <Descriptions.Item label={t('detail.studyType')}>{trial.studyType ?? notStated}</Descriptions.Item>
          <Descriptions.Item label={t('detail.status')}><Tag data-testid="overall-status">{t(`overallStatus.${trial.overallStatus}`)}</Tag></Descriptions.Item>
          <Descriptions.Item label={t('detail.sponsor')}>{trial.sponsor ?? notStated}</Descriptions.Item>
          <Descriptions.Item label={t('detail.pi')}>{trial.principalInvestigator ?? notStated}</Descriptions.Item>
          <Descriptions.Item label={t('detail.collaborators')}>{trial.collaborators.join(', ') || notStated}</Descriptions.Item>
          <Descriptions.Item label={t('detail.studyTime')}>{dates || notStated}</Descriptions.Item>
        </Descriptions>
      ),
    },
    {
      key: 'description',
      label: t('detail.tabs.description'),
      children: (
        <div data-testid="tab-description">
          {trial.officialTitle && <Typography.Title level={5}>{trial.officialTitle}</Typography.Title>}
          {[trial.summary, trial.description].filter(Boolean).map((p, i) => <Typography.Paragraph key={i} style={{ whiteSpace: 'pre-wrap' }}>{p}</Typography.Paragraph>)}
          {!trial.summary && !trial.description && notStated}
        </div>
      ),
    },
    {
      key: 'locations',
      label: t('detail.tabs.locations'),
      children: (
        <RowList
          data-testid="tab-locations"
          items={sites}
          empty={t('detail.noSites')}
          rowProps={() => ({ 'data-testid': 'site' })}
          // Name and address on the left, status and distance on the right; on a phone the right side wraps below long names.
          rowStyle={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: 16 }}
          renderRow={(s) => (
            <>
              <div style={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography.Text strong>{s.name}</Typography.Text>
                <div><Typography.Text type="secondary">{[s.address.city, s.address.state, s.address.country].filter(Boolean).join(', ')}</Typography.Text></div>
              </div>
              <div style={{ textAlign: 'right' }}>
                <Tag color={s.status === 'recruiting' ? 'green' : s.status === 'unknown' ? 'default' : 'orange'} data-testid="site-status">{t(`siteStatus.${s.status}`)}</Tag>
                {s.km !== undefined && <div data-testid="site-distance">{t('detail.km', { km: Math.round(s.km) })}</div>}
              </div>
            </>
          )}
        />
      ),
    },
    { key: 'inclusion', label: t('detail.tabs.inclusion'), children: <CriteriaList results={all.filter((r) => r.polarity === 'inclusion')} testId="tab-inclusion" /> },
    { key: 'exclusion', label: t('detail.tabs.exclusion'), children: <CriteriaList results={all.filter((r) => r.polarity === 'exclusion')} testId="tab-exclusion" /> },
    {
      key: 'cohorts',
      label: t('detail.tabs.cohorts'),
      children: (
        <RowList
          data-testid="tab-cohorts"
          items={trial.cohorts}
          empty={t('detail.noCohorts')}
          renderRow={(c) => {
            const m = match?.cohorts.find((x) => x.cohortId === c.id);
            return (
              <>
                <Typography.Text strong>{c.label}</Typography.Text> {m && <Tag color={verdictColor[m.verdict]}>{t(`chips.${m.verdict}`)}</Tag>}
                {!c.open && <Tag>{t('detail.closed')}</Tag>}
                {c.description && <Typography.Paragraph type="secondary">{c.description}</Typography.Paragraph>}
                {c.interventions.length > 0 && <div>{c.interventions.join(', ')}</div>}
              </>
            );
          }}
        />
      ),
    },
    {
      key: 'evidence',
      label: t('detail.tabs.evidence'),
      children: (
        <Descriptions column={1} size="small" bordered data-testid="tab-evidence">
          <Descriptions.Item label={t('detail.diseaseRelation')}>{match ? t(`relation.${match.diseaseRelation}`) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.geneRelation')}>{match ? t(`relation.${match.geneRelation}`) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.targets')}>{trial.targets.map((x) => `${x.gene} ${x.proteinChange ?? ''}`.trim()).join(', ') || trial.genes.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.diseaseCodes')}>{trial.diseaseCodes.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.interventions')}>{trial.interventions.map((i) => i.name).join(', ') || '—'}</Descriptions.Item>
        </Descriptions>
      ),
    },
    {
      key: 'evaluation',
      label: t('detail.tabs.evaluation'),
      children: match ? (
        <div data-testid="tab-evaluation">
          <Tag color={verdictColor[match.verdict]}>{t(`chips.${match.verdict}`)}</Tag>
          <Tag color={levelColor[match.level]}>{t('results.level', { level: t(`levels.${match.level}`) })}</Tag>
          <Typography.Paragraph style={{ marginTop: 8 }}>{criteriaCounts(t, match.counts)} · {t('detail.metShare', { pct: Math.round(match.metShare * 100) })}</Typography.Paragraph>
          <Button icon={<ApartmentOutlined />} onClick={() => navigate(`/clinical-trials/${patientId}/graph/${encodeURIComponent(trial.id)}?search=${encodeURIComponent(searchKey)}`)} data-testid="open-graph">{t('graph.open')}</Button>
        </div>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
    },
    { key: 'blurb', label: t('detail.tabs.blurb'), children: <Typography.Paragraph data-testid="tab-blurb">{blurb ?? <Spin size="small" />}</Typography.Paragraph> },
    // last: what the site confirms at enrolment, apart from the eligibility decision
    ...(administrative.length
      ? [{ key: 'administrative', label: t('detail.tabs.administrative', { count: administrative.length }), children: <AdministrativeList results={administrative} /> }]
      : []),
  ];

  return (
    <div className="od-trials" data-testid="trial-detail">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate(`/clinical-trials/${patientId}/results?search=${encodeURIComponent(searchKey)}`)} style={{ paddingLeft: 0 }} data-testid="detail-back">{t('detail.backToResults')}</Button>
      <Typography.Title level={4} data-testid="detail-title">{trial.briefTitle}</Typography.Title>
      {trial.titleOrigin === 'derived' && <Tag data-testid="title-derived" title={t('detail.titleDerivedHelp')}>{t('detail.titleDerived')}</Tag>}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        <Typography.Text type="secondary">{trial.nctId ?? trial.id}</Typography.Text>
        {/* the chat is another remote: reached by URL, with the context it opens on */}
        <Button size="small" icon={<MessageOutlined />} onClick={() => navigate(`/chat?${new URLSearchParams({ patientId, trialId: trial.id, searchKey })}`)} data-testid="ask-trial">{t('ask.trial')}</Button>
        {match && <TrialSetBy match={match} />}
      </div>
      <NotMedicalAdvice />
      {/* Nine tabs do not fit a phone: there a picker replaces the tab bar. */}
      {narrow && (
        <Select
          value={tab}
          onChange={selectTab}
          style={{ width: '100%', marginBottom: 8 }}
          aria-label={t('detail.section')}
          data-testid="detail-tab-select"
          virtual={false}
          listHeight={400}
          options={items.map((i) => ({ value: i.key, label: <span data-testid={`tab-option-${i.key}`}>{i.label}</span> }))}
        />
      )}
      <Tabs activeKey={tab} onChange={selectTab} items={items} data-testid="detail-tabs" {...(narrow ? { renderTabBar: () => <></> } : {})} />
    </div>
  );
}
