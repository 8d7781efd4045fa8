import type { GuidelineCondition, GuidelinePack, GuidelineRule } from '@oncodesk/shared/contracts';

/**
 * The indication table of a pack, as Markdown (server/guidelines/README.md): one row per rule, with what a
 * specialist checks first — biomarker, setting, line, required prior therapy, preference, the label's month,
 * the source and the EMA difference. Generated from the pack so the table and the rules cannot drift apart
 * (test/guidelines/indications.test.ts compares them and builds a patient from every row).
 */

const PREFERENCE = { preferred: 'preferred', other: 'other', certain_circumstances: 'certain circumstances' } as const;
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const isPrior = (c: GuidelineCondition) => c.anyOf.every((x) => x.kind === 'prior_therapy');

function line(r: GuidelineRule): string {
  if (!r.line) return r.setting.includes('metastatic') ? 'any' : '-';
  if (r.line.max === r.line.min) return String(r.line.min);
  return r.line.max ? `${r.line.min}-${r.line.max}` : `${r.line.min}+`;
}

export function indicationTable(pack: GuidelinePack): string {
  const head = [
    'Focus area',
    'Rule',
    'Option',
    'Diseases',
    'Biomarker / conditions',
    'Excluded by',
    'Setting',
    'Line',
    'Required prior therapy',
    'Preference',
    'Evidence',
    'Label month',
    'Source',
    'EMA',
  ];
  const rows = pack.rules.map((r) => [
    r.focusAreas.length === 10 ? 'all (tumour-agnostic)' : r.focusAreas.join(', '),
    r.id,
    r.option.therapy,
    r.diseases.join(', ') + (r.excludeDiseases.length ? ` (not ${r.excludeDiseases.join(', ')})` : ''),
    r.requires
      .filter((c) => !isPrior(c))
      // a PD-L1 threshold names its scale (TPS / CPS / TAP), which its label may leave implicit
      .map((c) => (c.scale && !c.label.includes(c.scale) ? `${c.label} (${c.scale})` : c.label))
      .join('; ') || '-',
    r.excludes.map((c) => c.label).join('; ') || '-',
    r.setting.join(', '),
    line(r),
    r.requires
      .filter(isPrior)
      .map((c) => c.label)
      .join('; ') || '-',
    PREFERENCE[r.preference],
    r.evidence.category === 'fda_label' ? 'FDA label' : r.evidence.category === 'standard_of_care' ? 'standard (NCI PDQ)' : 'CIViC',
    r.evidence.category === 'fda_label' ? r.sources[0].date : '-',
    r.sources[0].citation.split(':')[0],
    r.ema ?? '-',
  ]);
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');
}

const BEGIN = '<!-- indication-table:begin (generated: npm run guidelines:table) -->';
const END = '<!-- indication-table:end -->';

/** The documentation text with its table section replaced by the pack's current table. */
export function withIndicationTable(doc: string, pack: GuidelinePack): string {
  const table = `${BEGIN}\n\nPack ${pack.id} ${pack.version} (${pack.date}), ${pack.rules.length} rules.\n\n${indicationTable(pack)}\n\n${END}`;
  const a = doc.indexOf(BEGIN);
  const b = doc.indexOf(END);
  return a === -1 || b === -1 ? `${doc.trimEnd()}\n\n${table}\n` : doc.slice(0, a) + table + doc.slice(b + END.length);
}
