import type { Citation, PatientData } from '@oncodesk/shared/contracts';
import { findGenes } from '../../vocab/geneNames';
import type { Answer } from './answers';
import { plain } from './intent';
import { say, type Lang } from './messages';
import { cut } from './quote';
import type { ChatSources } from './sources';

/**
 * "er status", "receptor de estrógeno", "PgR?", "mmr status", "egfr status", "HER2 amplificato?": a
 * question about one of the patient's markers is answered from what the patient's record states of it
 * (biomarkers, MSI, TMB, genomic alterations) and the report findings that name it, each line cited —
 * never from the options or trials that mention the same word. A marker neither holds is said to be
 * unknown, not guessed.
 */
type Marker = 'ER' | 'PR' | 'HER2' | 'MSI' | 'MMR' | 'PD-L1' | 'TMB';

/** How each marker is written in the three languages: accents removed, lower case; `upper` are abbreviations read only in capitals ("RE", "RP" in Spanish and Italian). */
const MARKERS: Array<[Marker, RegExp, RegExp?]> = [
  ['ER', /(?<![a-z0-9])er[+-]?(?![a-z0-9])|\boe?strogen\w*/, /\bRE\b/],
  ['PR', /(?<![a-z0-9])(?:pr|pgr)[+-]?(?![a-z0-9])|\bprogesteron\w*/, /\bRP\b/],
  ['HER2', /\bher-?2\b|\berbb2\b/],
  ['MSI', /\bmsi(?:-?h(?:igh)?)?\b|\bmss\b|\bmicrosat\w*/],
  ['MMR', /\b[dp]?mmr\b|\bmismatch\b/],
  ['PD-L1', /\bpd-?l1\b|\bcps\b|\btps\b/],
  ['TMB', /\btmb\b|\bmutation(?:al)? (?:burden|load)\b|\bcarga mutacional\b|\bcarico mutazionale\b/],
];
/** Genes clinicians name together: BRCA is BRCA1 and BRCA2, (extended) RAS is KRAS and NRAS. */
const FAMILIES: Array<[RegExp, string[]]> = [
  [/\bbrca\b(?![0-9])/, ['BRCA1', 'BRCA2']],
  [/\b(?:extended )?ras\b/, ['KRAS', 'NRAS']],
];

/** A question for all of the patient's alterations, naming no gene. */
const ALL_ALTERATIONS = /\b(?:mutations?|alterations?|variants?|mutacion(?:es)?|alteracion(?:es)?|variantes?|mutazion[ei]|alterazion[ei]|variant[ei])\b/;

/** Words that ask for a gene's status in the three languages. */
const STATUS_WORDS =
  /\bstatus\b|\bestado\b|\bstato\b|\bmutat\w*|\bmutacion\w*|\bmutazion\w*|\bvariant\w*|\balteration\w*|\balteracion\w*|\balterazion\w*|\bamplif\w*|\bfusion\w*|\bwild[- ]?type\b|\bwt\b|\bresult\w*|\bresultado\b|\brisultat\w*|\bpositiv\w*|\bnegativ\w*|\bgermline\b|\bgerminal\w*|\btest(?:ed|ad[oa]|at[oa])\b/;

/** "hormone receptors": both ER and PR. */
const HORMONE =
  /\brecettorial\w*|\bstato ormonale\b|\bestado hormonal\b|\bhormonal status\b|\bhormone receptors?\b|\breceptores hormonales\b|\brecettori ormonali\b|\bhr(?:\+|-|\s+status)?(?=\s|$|\?)/;

/** A marker's finding as reports write it, to pick the report lines about it. */
const IN_REPORT: Record<Marker, RegExp> = {
  ER: /\bestrogen receptor|\bER\b/i,
  PR: /\bprogesterone receptor|\bPR\b|\bPgR\b/i,
  HER2: /\bHER2\b|\bERBB2\b/i,
  MSI: /\bMSI\b|\bMSS\b|\bMS-Stable|microsatellite/i,
  MMR: /\bMMR\b|mismatch|\bMLH1\b|\bMSH2\b|\bMSH6\b|\bPMS2\b/i,
  'PD-L1': /\bPD-?L1\b/i,
  TMB: /\bTMB\b|mutational burden/i,
};

const NAMES: Record<Marker, Record<Lang, string>> = {
  ER: { en: 'ER (estrogen receptor)', es: 'ER (receptor de estrógenos)', it: 'ER (recettore degli estrogeni)' },
  PR: { en: 'PR (progesterone receptor)', es: 'PR (receptor de progesterona)', it: 'PR (recettore del progesterone)' },
  HER2: { en: 'HER2', es: 'HER2', it: 'HER2' },
  MSI: { en: 'MSI (microsatellite instability)', es: 'MSI (inestabilidad de microsatélites)', it: 'MSI (instabilità dei microsatelliti)' },
  MMR: { en: 'MMR (mismatch repair)', es: 'MMR (reparación de errores de emparejamiento)', it: 'MMR (riparazione del mismatch)' },
  'PD-L1': { en: 'PD-L1', es: 'PD-L1', it: 'PD-L1' },
  TMB: { en: 'TMB (mutations/Mb)', es: 'TMB (mutaciones/Mb)', it: 'TMB (mutazioni/Mb)' },
};
const VALUES: Record<string, Record<Lang, string>> = {
  positive: { en: 'positive', es: 'positivo', it: 'positivo' },
  negative: { en: 'negative', es: 'negativo', it: 'negativo' },
  high: { en: 'high', es: 'alto', it: 'alto' },
  low: { en: 'low', es: 'bajo', it: 'basso' },
  stable: { en: 'stable (MSS)', es: 'estable (MSS)', it: 'stabile (MSS)' },
  deficient: { en: 'deficient (dMMR)', es: 'deficiente (dMMR)', it: 'deficitario (dMMR)' },
  proficient: { en: 'proficient (pMMR)', es: 'competente (pMMR)', it: 'competente (pMMR)' },
  amplified: { en: 'amplified', es: 'amplificado', it: 'amplificato' },
  not_amplified: { en: 'not amplified', es: 'no amplificado', it: 'non amplificato' },
};
const value = (v: string, lang: Lang) => VALUES[v.toLowerCase()]?.[lang] ?? v;

/** The markers and genes a question names (genes as written, or in lower case when the record or a report holds them). */
export function markersIn(question: string, known: string[] = []): { markers: Marker[]; genes: string[] } {
  const text = plain(question);
  const lower = text.toLowerCase();
  const markers = new Set<Marker>(MARKERS.filter(([, re, upper]) => re.test(lower) || !!upper?.test(text)).map(([m]) => m));
  if (HORMONE.test(lower)) markers.add('ER').add('PR');
  // a word that names a marker ("ER", "PgR", "HER2") is the marker, not a gene's alias
  const isMarker = (token: string) => MARKERS.some(([, re, upper]) => re.test(token.toLowerCase()) || !!upper?.test(token));
  // a gene the record and reports do not hold is read only when the question asks its status: "inhibidores de
  // CDK4/6" names a drug class, not the patient's CDK4
  const asksStatus = STATUS_WORDS.test(lower);
  const genes = new Set(
    findGenes(text)
      .filter((g) => !isMarker(g.token) && (asksStatus || known.includes(g.gene)))
      .map((g) => g.gene),
  );
  // a gene typed in lower case ("egfr status", "kras?") is read when the record or a report names it, or when its status is asked
  for (const g of findGenes(text.toUpperCase())) if ((asksStatus || known.includes(g.gene)) && !isMarker(g.token)) genes.add(g.gene);
  // a family written as one ("brca status", "ras?"): its genes
  for (const [re, family] of FAMILIES) if (re.test(lower)) for (const g of family) genes.add(g);
  // HER2 is answered as the marker (its ERBB2 alterations with it)
  if (markers.has('HER2')) genes.delete('ERBB2');
  return { markers: [...markers], genes: [...genes] };
}

/** The record's own lines for a marker: its biomarker entries, MSI, TMB, and HER2's gene-level alterations. */
function recorded(p: PatientData, m: Marker, lang: Lang): string[] {
  const out: string[] = [];
  for (const b of p.biomarkers.filter((x) => x.name === m)) {
    const how = [b.method, b.scale, b.ihcScore && `IHC ${b.ihcScore}`, b.ish && value(b.ish, lang), b.percent !== undefined && `${b.percent}%`]
      .filter(Boolean)
      .join(', ');
    out.push(`${value(b.value, lang)}${b.unit ? ` ${b.unit}` : ''}${how ? ` (${how})` : ''}`);
  }
  if (m === 'MSI' && p.msi) out.push(value(p.msi, lang));
  if (m === 'TMB' && p.tmb !== undefined) out.push(String(p.tmb));
  if (m === 'HER2') for (const a of p.alterations.filter((x) => x.gene === 'ERBB2')) out.push(`ERBB2 ${a.proteinChange ?? a.category}`);
  return [...new Set(out)];
}

/** Every marker the record states, one line each ("ER (estrogen receptor): positive"), for retrieval. */
export function recordedMarkers(p: PatientData, lang: Lang): string[] {
  return MARKERS.flatMap(([m]) => {
    const own = recorded(p, m, lang);
    return own.length ? [`${NAMES[m][lang]}: ${own.join('; ')}`] : [];
  });
}

type ReportDocument = Awaited<ReturnType<ChatSources['documents']>>[number];
type Finding = ReportDocument['findings'][number];

/** The report findings the assistant may quote: those of finished readings the clinician did not reject. */
export async function quotableFindings(s: ChatSources): Promise<Array<{ d: ReportDocument; f: Finding }>> {
  return (await s.documents()).filter((d) => d.status === 'done').flatMap((d) => d.findings.filter((f) => f.status !== 'rejected').map((f) => ({ d, f })));
}

/** The citation of one report line: the document, the finding, its page. */
export function findingCitation(d: ReportDocument, f: Finding, patientId: string, lang: Lang): Citation {
  return {
    kind: 'document',
    id: `${d.id}#${f.id}`,
    documentId: d.id,
    page: f.source.page,
    patientId,
    label: cut(`${d.name} · ${say('page', lang, { page: f.source.page })}`, 120),
  };
}

/** The answer to a question about the patient's markers or genes; null when it names none. */
export async function markerStatus(question: string, s: ChatSources, lang: Lang): Promise<Answer | null> {
  if (!s.patient) return null;
  const p = s.patient.data;
  const findings = await quotableFindings(s);
  const known = [...p.alterations.map((a) => a.gene), ...findings.map(({ f }) => f.gene).filter((g): g is string => !!g)];
  const named = markersIn(question, known);
  // "mutaciones del paciente", "what alterations does she have": every gene the record and the reports hold
  const genes = named.genes.length || named.markers.length || !ALL_ALTERATIONS.test(plain(question).toLowerCase()) ? named.genes : [...new Set(known)];
  // mismatch repair and microsatellite instability are read together: an MMR question also gets the MSI the record states
  const markers = named.markers.includes('MMR') && !named.markers.includes('MSI') ? [...named.markers, 'MSI' as const] : named.markers;
  if (!markers.length && !genes.length) return null;
  const pc: Citation = { kind: 'patient', id: s.patient.id, patientId: s.patient.id, label: s.patient.name };
  const citations: Citation[] = [pc];
  const lines = [say('statusOf', lang)];
  const unknown: string[] = [];
  const cited = new Set<string>();
  const reportLines = (about: (text: string, gene?: string) => boolean) => {
    for (const { d, f } of findings) {
      // one line per finding as the report words it (a finding read twice is quoted once)
      if (!about(f.source.text, f.gene) || cited.has(f.source.text)) continue;
      cited.add(f.source.text);
      citations.push(findingCitation(d, f, s.patient!.id, lang));
      lines.push(`- [${citations.length}] ${d.name}, ${say('page', lang, { page: f.source.page })}: “${f.source.text.slice(0, 200)}”`);
    }
  };
  for (const m of markers) {
    const own = recorded(p, m, lang);
    if (own.length) lines.push(`- [1] ${NAMES[m][lang]}: ${own.join('; ')}`);
    const before = lines.length;
    reportLines((text) => IN_REPORT[m].test(text));
    if (!own.length && lines.length === before) unknown.push(NAMES[m][lang]);
  }
  for (const g of genes) {
    const own = p.alterations.filter((a) => a.gene === g).map((a) => [a.proteinChange ?? a.category, a.origin].filter(Boolean).join(', '));
    if (own.length) lines.push(`- [1] ${g}: ${own.join('; ')}`);
    const before = lines.length;
    reportLines((text, gene) => gene === g || new RegExp(`\\b${g}\\b`).test(text));
    if (!own.length && lines.length === before) unknown.push(g);
  }
  if (unknown.length) {
    lines.push(say('statusNotRecorded', lang, { what: unknown.join(', ') }));
    // what the guideline pack would decide with it, and the test it names ("KRAS wild-type: not recorded — Test extended RAS")
    const r = await s.recommendations();
    const names = unknown.map((u) => u.split(' ')[0]);
    const waits = (r?.missingData ?? []).filter((m) =>
      names.some((n) => new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(`${m.fact} ${m.action ?? ''}`)),
    );
    if (r && waits.length) {
      citations.push({ kind: 'guideline', id: `${r.pack.name} ${r.pack.version}`, patientId: s.patient.id, label: `${r.pack.name} ${r.pack.version}` });
      lines.push(say('missingGuideline', lang));
      for (const m of waits.slice(0, 4))
        lines.push(
          `- [${citations.length}] ${m.fact}${m.action ? ` — ${say('missingAction', lang, { action: m.action })}` : ''}${m.decides.length ? ` → ${m.decides.slice(0, 3).join('; ')}` : ''}`,
        );
    }
  }
  return { content: lines.join('\n'), citations };
}
