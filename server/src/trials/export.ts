import { csvCell, type ExportResponse } from '@oncodesk/shared/contracts';

const HEADER = [
  'trial_id',
  'title',
  'phases',
  'overall_status',
  'purpose',
  'purpose_origin',
  'verdict',
  'level',
  'criteria_checked',
  'criteria_total',
  'not_checked',
  'nearest_site',
  'distance_km',
  'liked',
  'criterion_id',
  'polarity',
  'kind',
  'criterion_status',
  'overridden',
  'overridden_by',
  'overridden_at',
  'origin',
  'patient_fact',
  'reason',
  'source',
];

/**
 * The export as CSV: the patient summary as leading comment lines, then one row per criterion of each
 * trial (a trial without criteria still gets one row).
 */
export function toCsv(data: ExportResponse): string {
  const lines: string[] = [];
  lines.push(['# OncoDesk trial results (beta; not medical advice)', data.generatedAt].map(csvCell).join(','));
  lines.push(['# folder', data.folderName, data.focusArea, data.searchKey].map(csvCell).join(','));
  for (const s of data.patientSummary) lines.push([`# ${s.label}`, s.value].map(csvCell).join(','));
  lines.push(HEADER.join(','));
  for (const { trial, match, liked } of data.results) {
    const cov = match.coverage;
    const base = [
      trial.id,
      trial.briefTitle,
      trial.phases.join('/'),
      trial.overallStatus,
      trial.primaryPurpose,
      trial.purposeOrigin,
      match.verdict,
      match.level,
      cov?.checked,
      cov?.total,
      cov?.notChecked.join('/'),
      match.nearestSite?.name,
      match.nearestSite ? match.nearestSite.distanceKm.toFixed(0) : '',
      liked ? 'yes' : 'no',
    ];
    const criteria = [...match.results, ...match.cohorts.flatMap((c) => c.results)];
    if (!criteria.length) lines.push([...base, ...HEADER.slice(base.length).map(() => '')].map(csvCell).join(','));
    for (const c of criteria)
      lines.push(
        [
          ...base,
          c.criterionId,
          c.polarity,
          c.kind,
          c.status,
          c.overridden ? 'yes' : 'no',
          c.overriddenBy,
          c.overriddenAt,
          c.origin,
          c.patientFact,
          c.reason,
          c.source,
        ]
          .map(csvCell)
          .join(','),
      );
  }
  return `${lines.join('\r\n')}\r\n`;
}
