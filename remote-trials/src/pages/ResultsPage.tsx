import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '@oncodesk/shared/router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, type MatchedTrial } from '@oncodesk/shared';
import { trialsApi } from '@oncodesk/shared/api';
import { CreditsLine, toast } from '@oncodesk/shared/ui';
import { TrialCard } from '../components/TrialCard';
import { NoneFound } from '../components/NoneFound';
import { FewNearby } from '../components/FewNearby';
import { CatalogueLine } from '../components/CatalogueLine';
import { NotMedicalAdvice } from '../components/Folded';
import { SearchScope } from '../components/SearchScope';
import { useSearchRunner } from '../components/SearchRunner';
import { DEFAULT_PURPOSES, PrimaryPurpose, diseaseName, locationOfKey, messageLanguage } from '@oncodesk/shared/contracts';
import { downloadText, filterResults, recruitingChip, sortResults, type ResultFilter, type SortKey } from '../lib/format';
import { isDefaultFilter, setLiked, useFilterView, useFolderSearch } from '../state/folderSearch';
import { toastError } from '../lib/errors';
import { AlertSwitch } from '../components/TrialAlerts';
import { useFolderAlerts } from '../state/alerts';

/** Results of one search: shown at once from the local cache, then from the server (state/folderSearch). */
export default function ResultsPage() {
  const { t, i18n } = useTranslation('trials');
  const { patientId = '' } = useParams();
  const [params] = useSearchParams();
  const searchKey = params.get('search') ?? 'global';
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { results, notRun, updating, patient } = useFolderSearch(patientId, searchKey, toastError);
  const search = useSearchRunner(patientId);
  // opening the results is the visit "new since your last visit" counts from
  const alerts = useFolderAlerts(patientId, toastError);
  const [sort, setSort] = useState<SortKey>('score');
  const [filter, setFilter] = useState<ResultFilter>({ verdicts: [], recruitingOnly: true, likedOnly: false, purposes: DEFAULT_PURPOSES });

  // answers changed after this search ran (a survey edit, an accepted report finding): say so
  const run = patient?.searches.find((x) => x.searchKey === searchKey);
  const stale = !!run && !!patient?.answersUpdatedAt && Date.parse(patient.answersUpdatedAt) > Date.parse(run.createdAt) + 1000;
  // verdicts and purposes filter the whole ranked catalogue: the server's view of the search through them (free),
  // with the catalogue's counts; until it answers (or when it cannot), the saved list filtered here
  const serverFilter = useMemo(() => ({ verdicts: filter.verdicts, purposes: filter.purposes }), [filter.verdicts, filter.purposes]);
  const view = useFilterView(patientId, searchKey, serverFilter, results !== null && !notRun && !updating);
  // the default filter's list is the saved search itself (the one export, print and re-runs read); its counts are the
  // ones the search kept, and a view is asked for them only when it kept none (after a re-run)
  const base = isDefaultFilter(serverFilter) ? results : (view?.results ?? results);
  const counts = view?.counts;
  const shown = useMemo(() => (base ? sortResults(filterResults(base, filter), sort) : []), [base, filter, sort]);
  // "N of M": M is the catalogue's count for the filter when the server gave it, else the list's length
  const total = counts ? counts.open + (filter.recruitingOnly ? 0 : counts.closed) : (base ?? []).filter((m) => !filter.recruitingOnly || recruitingChip(m.trial.overallStatus) === 'recruiting').length;
  // studies of other purposes in this search (prevention, screening, supportive care …): hidden until asked for
  const otherPurposes = useMemo(() => {
    const counts = new Map<PrimaryPurpose, number>();
    for (const m of results ?? []) {
      const p = m.trial.primaryPurpose ?? 'unknown';
      if (!filter.purposes.includes(p)) counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    return counts;
  }, [results, filter.purposes]);
  const hiddenStudies = [...otherPurposes.values()].reduce((a, b) => a + b, 0);
  // trials not open to enrolment: kept with the search (after the open ones), hidden until asked for
  const closedIn = (list: MatchedTrial[] | null) => (filter.recruitingOnly ? (list ?? []).filter((m) => recruitingChip(m.trial.overallStatus) !== 'recruiting').length : 0);
  const closedHidden = counts && filter.recruitingOnly ? counts.closed : closedIn(base);
  const noneOpen = !!results?.length && closedIn(results) === results.length;

  const like = (item: MatchedTrial, liked: boolean) => setLiked(patientId, item.trial.id, liked).catch(toastError);

  const download = async () => {
    try {
      const csv = await trialsApi.exportCsv(patientId, searchKey);
      downloadText(csv, `oncodesk-trials-${(patient?.name ?? 'patient').replace(/[^A-Za-z0-9_-]+/g, '_')}.csv`);
    } catch {
      toast.danger(t('results.downloadFailed'));
    }
  };

  if (search.searching) {
    return (
      <Card data-testid="searching">
        <Result icon={<Spin size="large" />} title={t('results.searching')} subTitle={t('results.searchingHint')} />
      </Card>
    );
  }

  const open = (id: string) => navigate(`/clinical-trials/${patientId}/trial/${encodeURIComponent(id)}?search=${encodeURIComponent(searchKey)}`);

  return (
    <div className="od-trials" data-testid="results-page">
      <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>{t('results.title')}</Typography.Title>
          {patient && (
            <Typography.Text type="secondary" data-testid="results-patient">
              {/* the diagnosis in the interface language (OncoTree names in es/it), else as recorded */}
              {patient.name} ·{' '}
              {(patient.patient.oncotreeCode && diseaseName(patient.patient.oncotreeCode, messageLanguage(i18n.language), patient.patient.diagnosisText)) ?? patient.patient.diagnosisText ?? t(`focus.${patient.focusArea}`)}
              {patient.patient.alterations.length > 0 && ` · ${patient.patient.alterations.map((a) => `${a.gene} ${a.proteinChange ?? ''}`.trim()).join(', ')}`}
            </Typography.Text>
          )}
        </div>
        {user && (
          // the credits line wraps on a phone (a tag does not by default)
          <Tag color={user.plan.searchesLeft > 0 ? 'blue' : 'red'} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
            <CreditsLine credits={user.plan} testId="searches-left" />
          </Tag>
        )}
      </div>
      <NotMedicalAdvice />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '8px 0', alignItems: 'center' }}>
        <SearchScope value={searchKey} onChange={(l) => search.start(l)} />
        <Select<SortKey>
          value={sort}
          onChange={setSort}
          style={{ minWidth: 150 }}
          aria-label={t('results.sort')}
          data-testid="results-sort"
          options={(['score', 'distance', 'level', 'phase'] as const).map((k) => ({ value: k, label: t(`sort.${k}`) }))}
        />
        <Select
          mode="multiple"
          allowClear
          placeholder={t('results.filterVerdict')}
          value={filter.verdicts}
          onChange={(v: string[]) => setFilter({ ...filter, verdicts: v })}
          style={{ minWidth: 180 }}
          data-testid="results-filter"
          options={(['match', 'unknown', 'no_match', 'not_eligible'] as const).map((k) => ({ value: k, label: <span data-testid={`verdict-option-${k}`}>{t(`chips.${k}`)}</span> }))}
        />
        <Select<PrimaryPurpose[]>
          mode="multiple"
          value={[...filter.purposes]}
          onChange={(v) => setFilter({ ...filter, purposes: v.length ? v : DEFAULT_PURPOSES })}
          style={{ minWidth: 200 }}
          aria-label={t('results.filterPurpose')}
          data-testid="results-purpose"
          options={PrimaryPurpose.options.map((k) => ({ value: k, label: <span data-testid={`purpose-option-${k}`}>{t(`purpose.${k}`)}</span> }))}
        />
        <Checkbox checked={filter.recruitingOnly} onChange={(e) => setFilter({ ...filter, recruitingOnly: e.target.checked })} data-testid="filter-recruiting">{t('results.recruitingOnly')}</Checkbox>
        <Checkbox checked={filter.likedOnly} onChange={(e) => setFilter({ ...filter, likedOnly: e.target.checked })} data-testid="filter-liked">{t('results.likedOnly')}</Checkbox>
        <Button icon={<DownloadOutlined />} onClick={() => void download()} disabled={!results?.length} data-testid="download-csv">{t('results.downloadCsv')}</Button>
        <Button icon={<PrinterOutlined />} onClick={() => navigate(`/clinical-trials/${patientId}/print?search=${encodeURIComponent(searchKey)}`)} disabled={!results?.length} data-testid="download-pdf">{t('results.downloadPdf')}</Button>
      </div>
      <AlertSwitch alert={alerts.alert} searchKey={searchKey} saving={alerts.saving} disabled={!run} onChange={(on) => void alerts.setEnabled(on, searchKey)} />
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="results-stale"
          title={t('results.stale')}
          action={<Button size="small" type="primary" onClick={() => search.start(locationOfKey(searchKey))} data-testid="results-search-again">{t('results.searchAgain')}</Button>}
        />
      )}
      {updating && <Typography.Text type="secondary" data-testid="results-updating"><Spin size="small" /> {t('results.updating')}</Typography.Text>}
      {!updating && view?.loading && <Typography.Text type="secondary" data-testid="results-filtering"><Spin size="small" /> {t('results.filtering')}</Typography.Text>}
      {counts && <FewNearby counts={counts} onExpand={(l) => search.start(l)} />}
      {results !== null && <CatalogueLine />}
      {results === null ? (
        notRun ? (
          <Result status="info" title={t('results.notRun')} extra={<Button type="primary" onClick={() => search.start(locationOfKey(searchKey))} data-testid="results-run-now">{t('results.runNow')}</Button>} />
        ) : (
          <Spin />
        )
      ) : results.length === 0 || noneOpen ? (
        <>
          <NoneFound patientId={patientId} searchKey={searchKey} onExpand={(l) => search.start(l)} title={noneOpen ? t('none.noOpenTitle') : undefined} />
          {noneOpen && <ClosedHidden count={closedIn(results)} onShow={() => setFilter({ ...filter, recruitingOnly: false })} />}
        </>
      ) : (
        <div data-testid="results-list">
          <Typography.Paragraph type="secondary" data-testid="results-count">{t('results.count', { shown: shown.length, count: total })}</Typography.Paragraph>
          {closedHidden > 0 && <ClosedHidden count={closedHidden} onShow={() => setFilter({ ...filter, recruitingOnly: false })} />}
          {hiddenStudies > 0 && (
            <Typography.Paragraph type="secondary" data-testid="other-purposes">
              {t('results.otherPurposes', { count: hiddenStudies, purposes: [...otherPurposes.keys()].map((p) => t(`purpose.${p}`)).join(', ') })}{' '}
              <Button size="small" onClick={() => setFilter({ ...filter, purposes: [...filter.purposes, ...otherPurposes.keys()] })} data-testid="show-other-purposes">{t('results.showOtherPurposes')}</Button>
            </Typography.Paragraph>
          )}
          {shown.map((item) => (
            <TrialCard key={item.trial.id} item={item} isNew={alerts.newTrialIds.has(item.trial.id)} onOpen={() => open(item.trial.id)} onLike={(l) => void like(item, l)} />
          ))}
        </div>
      )}
      {search.element}
    </div>
  );
}

/** How many trials not open to enrolment the default view hides, with the switch to show them. */
function ClosedHidden({ count, onShow }: { count: number; onShow: () => void }) {
  const { t } = useTranslation('trials');
  return (
    <Typography.Paragraph type="secondary" data-testid="closed-hidden">
      {t('results.closedHidden', { count })}{' '}
      <Button size="small" onClick={onShow} data-testid="show-closed">
        {t('results.showClosed')}
      </Button>
    </Typography.Paragraph>
  );
}
