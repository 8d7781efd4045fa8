import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '@oncodesk/shared/router';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type ExportResponse } from '@oncodesk/shared';
import { trialsApi } from '@oncodesk/shared/api';
import { cspNonce, toast } from '@oncodesk/shared/ui';
import { criterionWords, phaseLabel } from '../lib/format';
import { scopeLabel } from '../components/SearchScope';
import { CoverageLine } from '../components/CoverageLine';
import { setByWho } from '../components/OverrideMark';

// When printing, only the report shows (the shell's bars and menus are hidden).
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  .od-print, .od-print * { visibility: visible; }
  .od-print { position: absolute; left: 0; top: 0; width: 100%; }
  .od-print-hide { display: none !important; }
  .od-print section { break-inside: avoid-page; }
}
.od-print table { border-collapse: collapse; width: 100%; font-size: 12px; }
.od-print th, .od-print td { border: 1px solid #d9d9d9; padding: 4px 6px; text-align: left; vertical-align: top; }`;

/**
 * The criteria table's columns have set widths (fixed layout): sized by their content, a phone's 375 px gave the
 * sentence most of the width and cut the status and the explanation a few letters a line ("Co mp ati ble").
 * Words break only when one does not fit its column.
 */
const CRITERIA_TABLE = { tableLayout: 'fixed', overflowWrap: 'break-word' } as const;
const COLUMN_WIDTHS = ['40%', '7.5em', 'auto'];

/** The printable report (save as PDF from the print dialog): patient summary and per-criterion explanations. */
export default function PrintPage() {
  const { t, i18n } = useTranslation('trials');
  const { patientId = '' } = useParams();
  const [params] = useSearchParams();
  const searchKey = params.get('search') ?? 'global';
  const navigate = useNavigate();
  const [data, setData] = useState<ExportResponse | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    trialsApi.exportJson(patientId, searchKey).then(setData, () => {
      setFailed(true);
      toast.danger(t('results.downloadFailed'));
    });
  }, [patientId, searchKey, t]);

  if (failed) return <Result status="warning" title={t('results.downloadFailed')} data-testid="print-failed" />;
  if (!data) return <Spin />;
  return (
    <div className="od-print" data-testid="print-page">
      <style nonce={cspNonce()}>{PRINT_CSS}</style>
      <div className="od-print-hide" style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/clinical-trials/${patientId}/results?search=${encodeURIComponent(searchKey)}`)}>{t('common.back')}</Button>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-now">{t('print.print')}</Button>
      </div>
      <h2>{t('print.title', { name: data.folderName })}</h2>
      <p style={{ fontSize: 12 }}>{t('print.generated', { date: new Date(data.generatedAt).toLocaleString(i18n.language) })} · {t(`focus.${data.focusArea}`, { defaultValue: data.focusArea })} · {scopeLabel(data.searchKey, t)}</p>
      <p style={{ fontSize: 12, fontStyle: 'italic' }}>{t('common.disclaimer')}</p>
      <h3>{t('print.patient')}</h3>
      <table data-testid="print-summary">
        <tbody>
          {data.patientSummary.map((s) => (
            <tr key={s.label}><th style={{ width: '30%' }}>{s.label}</th><td>{s.value}</td></tr>
          ))}
        </tbody>
      </table>
      {data.results.map(({ trial, match }) => (
        <section key={trial.id} data-testid="print-trial" style={{ marginTop: 16 }}>
          <h3 style={{ marginBottom: 4 }}>{trial.briefTitle}</h3>
          <p style={{ fontSize: 12, margin: 0 }}>
            {trial.nctId ?? trial.id} · {t('results.phase')} {phaseLabel(trial.phases)} · {t(`purpose.${trial.primaryPurpose ?? 'unknown'}`)} · {t(`chips.${match.verdict}`)} · {t('results.level', { level: t(`levels.${match.level}`) })}
            {match.nearestSite ? ` · ${t('results.distance', { km: Math.round(match.nearestSite.distanceKm), site: match.nearestSite.name })}` : ''}
          </p>
          <CoverageLine match={match} />
          <table style={CRITERIA_TABLE}>
            <thead><tr>{(['criterion', 'status', 'why'] as const).map((k, i) => <th key={k} style={{ width: COLUMN_WIDTHS[i] }}>{t(`print.${k}`)}</th>)}</tr></thead>
            <tbody>
              {[...match.results, ...match.cohorts.flatMap((c) => c.results)].filter((c) => c.kind !== 'administrative').map((c) => (
                <tr key={c.criterionId}>
                  <td>{c.polarity === 'exclusion' ? `${t('print.exclusion')}: ` : ''}{c.source}{c.origin === 'derived' ? ` (${t('detail.derived')})` : ''}</td>
                  <td>{t(`chips.${c.status}`)}{c.overridden ? ` (${setByWho(c, i18n.language) ? t('graph.overriddenBy', { who: setByWho(c, i18n.language) }) : t('graph.overridden')})` : ''}</td>
                  <td>{criterionWords(c, i18n.language).reason}{criterionWords(c, i18n.language).fact ? ` · ${criterionWords(c, i18n.language).fact}` : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
