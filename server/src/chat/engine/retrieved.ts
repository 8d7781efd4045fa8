import type { Citation, Trial } from '@oncodesk/shared/contracts';
import { patientSummary } from '../../patients/summary';
import { criteriaSections, phaseWords, SHORT_RULE, statusWords, type Answer } from './answers';
import type { Focus } from './focus';
import { plain } from './intent';
import { say, type Lang } from './messages';
import { rank, sourceTerms, terms, type Passage } from './retrieval';
import type { ChatSources } from './sources';
import { isCommonWord } from './language';
import { recordedMarkers } from './status';
import { criteriaLines, cut, withoutListMarker } from './quote';
import { findGenes } from '../../vocab/geneNames';

/** The citation of a trial record (with the patient it was asked about). */
export const trialCite = (t: Trial, patientId?: string): Citation => ({
  kind: 'trial',
  id: t.id,
  trialId: t.id,
  label: cut(`${t.id} · ${t.briefTitle}`, 120),
  ...(patientId ? { patientId } : {}),
});

/**
 * A passage as quoted: whole when short; else from the sentence holding most of the question's terms
 * (a long criterion answers "is PD-L1 needed?" in its third sentence, past where a quote from its start ends).
 */
/** How much a sentence holds of the question's terms: a specific term over a generic one, then how often. */
function score(x: string, matched: string[]): number {
  const all = sourceTerms(x);
  const held = new Set(all);
  return (
    matched.reduce((sum, t) => sum + (held.has(t) ? (GENERIC.has(t) ? 1 : 10) : 0), 0) + 0.1 * all.filter((t) => matched.includes(t) && !GENERIC.has(t)).length
  );
}

function quote(text: string, matched: string[]): string {
  if (text.length <= 260) return text;
  // a sentence ends at a full stop, a semicolon or a colon, not at an abbreviation's ("i.e. positivity", "e.g.", "vs.")
  // nor before a word in lower case that carries the sentence on
  // (and where a record glued the next sentence on, "function:Preoperative", "surgery.Preoperative")
  const sentences = text.split(/(?<=[.;:])(?<!\b(?:i\.e|e\.g|vs|incl|approx|ca|cf|etc|no|nr|Dr|St)\.)\s+(?![a-z])|(?<=[a-z]{3}[.:;])(?=[A-Z][a-z]{3,})/);
  let best = 0;
  let most = 0;
  // a specific term ("pd-l1") counts over a generic one ("requir"); between sentences holding the same terms, the
  // one that holds them most often ("Triple Negative: … HER2 negative … FISH negative", where the first only names it)
  for (const [i, x] of sentences.entries()) {
    const n = score(x, matched);
    if (n > most) [best, most] = [i, n];
  }
  // a sentence still longer than a quote ("…, and the patient must have good heart function (LVEF ≥ 45%), …"): from its
  // clause that holds most of the question's terms
  // (a clause ends at a comma, or at a semicolon that a word in lower case carries on: "…/mm3; adequate renal function …")
  const clauses = sentences[best].length > 260 ? sentences[best].split(/(?<=[,;])\s+/) : [];
  let clause = 0;
  if (clauses.length > 1) {
    let top = score(clauses[0], matched);
    for (const [i, x] of clauses.entries()) {
      const n = score(x, matched);
      if (n > top) [clause, top] = [i, n];
    }
    // (only when the quote from the sentence's start would hold none of the question's specific terms)
    if (score(sentences[best].slice(0, 255), matched) >= 10) clause = 0;
  }
  // quoted from there as the record writes it (a glued "surgery.Preoperative" stays glued)
  const piece = clause ? clauses[clause] : sentences[best];
  const at = text.indexOf(piece);
  const from = at >= 0 ? text.slice(at) : sentences.slice(best).join(' ');
  return `${best || clause ? '… ' : ''}${cut(from)}`;
}

/** A short line that ends with a colon: the heading of what follows ("Cohort B:", "Part 2 (expansion):"). */
const HEADING = (l: string) => l.length <= 60 && /:\s*$/.test(l);
/**
 * Criteria lines with each heading joined to the line under it ("Cohort B:" + "NSCLC which harbours LKB1 mutation."): a
 * heading alone says nothing, and what it heads is found by the heading's words ("who goes in cohort B").
 */
function withHeadings(lines: string[]): string[] {
  return lines.map((l, i) => (HEADING(l) && lines[i + 1] && !HEADING(lines[i + 1]) ? `${l} ${lines[i + 1]}` : l));
}
const underHeadings = (s: Record<'inclusion' | 'exclusion', string[]>) => ({ inclusion: withHeadings(s.inclusion), exclusion: withHeadings(s.exclusion) });

/** A trial record as passages: its titles, summary, conditions, interventions and every sentence of its criteria text. */
export function trialPassages(t: Trial, patientId?: string): Passage[] {
  const out: Passage[] = [];
  const base = trialCite(t, patientId);
  const add = (id: string, text: string | undefined, citation: Citation = base, boost = 1): void => {
    if (text?.trim()) out.push({ id: `${t.id}#${id}`, text: text.trim(), citation, boost });
  };
  add('title', t.briefTitle);
  add('official', t.officialTitle);
  for (const [i, x] of (t.summary ?? '').split(/(?<=[.;])\s+/).entries()) add(`sum${i}`, x, base, 0.8);
  // the detailed description (its endpoints, its design) and each arm's description (its doses, its schedule, what a drug
  // is combined with), sentence by sentence, weighing as the summary
  for (const [i, x] of (t.description ?? '').split(/(?<=[.;#])\s+|\n\s*\n/).entries()) add(`desc${i}`, x.replace(/\s+/g, ' '), base, 0.6);
  for (const [i, c] of t.cohorts.entries())
    if (c.description)
      for (const [k, x] of c.description.split(/(?<=[.;])\s+|\n\s*\n/).entries()) add(`arm${i}-${k}`, `${c.label}: ${x.replace(/\s+/g, ' ')}`, base, 0.8);
  add('conditions', t.conditions.join('; '));
  add('interventions', t.interventions.map((i) => i.name).join('; '));
  const sections = underHeadings(criteriaSections(t.eligibility.text));
  // a criteria text without section headings: its lines, with no side
  if (!sections.inclusion.length && !sections.exclusion.length)
    for (const [i, l] of withHeadings(
      criteriaLines(t.eligibility.text)
        .map(withoutListMarker)
        .filter((x) => x.length >= 8 || SHORT_RULE.test(x)),
    ).entries())
      add(`line-${i}`, l, { kind: 'criterion', id: `${t.id}#text-${i}`, trialId: t.id, ...(patientId ? { patientId } : {}), label: cut(l, 120) }, 1.2);
  for (const pol of ['inclusion', 'exclusion'] as const)
    for (const [i, l] of sections[pol].entries())
      add(
        `${pol}-${i}`,
        `${pol === 'exclusion' ? '✕ ' : ''}${l}`,
        { kind: 'criterion', id: `${t.id}#text-${pol}-${i}`, trialId: t.id, ...(patientId ? { patientId } : {}), label: cut(l, 120) },
        1.2,
      );
  return out;
}

/**
 * A trial called by what it is: the words before "study" / "trial" ("for the ATC nivo lenva study", "the KRAS G12C
 * trial") or after "el ensayo de", "lo studio con" ("el estudio de nivo y lenva").
 */
const CALLED =
  /\b(?:the|this|that)\s+((?:[\w/+-]+\s+){1,5}?)(?:study|trial)\b|\b(?:el|este|ese|lo|il|questo|quello)\s+(?:ensayo|estudio|studio|trial)\s+(?:de|del|con|di|del|sul|sobre|su)\s+((?:[\w/+-]+(?:\s+|$)){1,5})/gi;

/**
 * The terms by which the question calls the trial asked about, among those that name it (its titles, conditions and
 * interventions): "life expectancy needed for the ATC nivo lenva study NCT…" asks about life expectancy, not thyroid cancer.
 */
function identityTerms(t: Trial, question: string, questionTermsOf: (text: string) => string[]): Set<string> {
  const calling = [...question.matchAll(CALLED)].map((m) => m[1] ?? m[2] ?? '').join(' ');
  if (!calling.trim()) return new Set();
  const naming = new Set(sourceTerms([t.briefTitle, t.officialTitle ?? '', ...t.conditions, ...t.interventions.map((i) => i.name)].join(' ; ')));
  return new Set(questionTermsOf(calling).filter((x) => naming.has(x)));
}

/** The conversation's sources as passages: the trial in focus, the patient, the reports, the options, the trial list. */
export async function passagesOf(s: ChatSources, focus: Focus, trial: Trial | undefined, lang: Lang): Promise<Passage[]> {
  const out: Passage[] = [];
  const patientId = s.patient?.id;
  // the trial the question names (or the conversation is about) weighs more than the folder's other sources
  if (trial) out.push(...trialPassages(trial, patientId).map((p) => ({ ...p, boost: (p.boost ?? 1) * 1.5 })));
  if (!s.patient) return out;
  const pc: Citation = { kind: 'patient', id: s.patient.id, patientId: s.patient.id, label: s.patient.name };
  for (const [i, r] of patientSummary(s.patient.data, lang).entries())
    out.push({ id: `patient#${i}`, text: `${r.label}: ${r.value}`, citation: pc, boost: 1.1 });
  // the markers the record states (ER, PR, HER2, MSI…), which the summary's lines do not hold
  for (const [i, line] of recordedMarkers(s.patient.data, lang).entries()) out.push({ id: `marker#${i}`, text: line, citation: pc, boost: 1.1 });
  for (const d of await s.documents())
    for (const f of d.findings.filter((x) => x.status !== 'rejected'))
      out.push({
        id: `doc#${d.id}#${f.id}`,
        text: `${d.name}: ${f.source.text}`,
        citation: {
          kind: 'document',
          id: `${d.id}#${f.id}`,
          documentId: d.id,
          page: f.source.page,
          patientId: s.patient.id,
          label: cut(`${d.name} · ${say('page', lang, { page: f.source.page })}`, 120),
        },
        // the report last discussed first
        boost: focus.documentId === d.id ? 1.3 : 1,
      });
  const r = await s.recommendations();
  if (r) {
    for (const rec of r.recommendations)
      out.push({
        id: `rec#${rec.id}`,
        text: `${rec.therapy}: ${rec.rationale} ${rec.matchedOn.join('; ')} ${rec.caveats.join(' ')}`,
        citation: { kind: 'guideline', id: rec.id, patientId, label: cut(rec.therapy, 120) },
        boost: focus.recommendationId === rec.id ? 1.3 : 1,
      });
    const pack: Citation = { kind: 'guideline', id: `${r.pack.name} ${r.pack.version}`, patientId, label: `${r.pack.name} ${r.pack.version}` };
    for (const [i, x] of r.notApplicable.entries()) out.push({ id: `na#${i}`, text: `${x.therapy}: ${x.reason}`, citation: pack });
    for (const [i, x] of r.missingData.entries())
      out.push({ id: `md#${i}`, text: `${x.fact}${x.action ? ` — ${x.action}` : ''} → ${x.decides.join('; ')}`, citation: pack, boost: 0.9 });
  }
  const search = await s.search();
  for (const m of search?.results ?? []) {
    const t = s.trial(m.trial.id);
    out.push({
      id: `list#${m.trial.id}`,
      text: `${m.trial.briefTitle} ${t ? t.interventions.map((i) => i.name).join('; ') : ''}`,
      citation: trialCite(t ?? (m.trial as Trial), patientId),
      boost: 0.6,
    });
  }
  return out;
}

/** The opening of a follow-up that carries on with what the conversation is about ("and…", "what about…", "¿y…?", "e…?"). */
export const FOLLOW_UP =
  /^\s*¿?\s*(?:and|also|what about|how about|same (?:for|with|about)|y|e|ed|tambi[eé]n|anche|inoltre|(?:lo )?mismo (?:para|con)|igual (?:para|con)|(?:lo )?stesso (?:per|con)|stessa cosa (?:per|con)|idem)\b/i;

/** Question words too common in the sources to make a passage relevant on their own. */
export const GENERIC = new Set([
  'trial',
  'studi',
  'studio',
  'ensayo',
  'treatment',
  'drug',
  'criteria',
  'report',
  'option',
  'site',
  'data',
  'inform',
  'evid',
  'sourc',
  'phase',
  'arm',
  'requir',
  'allow',
  'need',
  'current',
  'know',
  'els',
  'one',
  'first',
  // joining a trial is how an eligibility question asks ("requisitos para participar"), not what it is about
  'particip',
  'enrol',
  'join',
  'enter',
  'elig',
  // a limit, however written (retrieval.ts): it ranks the sentence that states one, it is not what is asked about
  'threshold',
  // so is a length of time ("how long", "within 70 days") and a count or an inclusion asked about ("max number of", "does it include")
  'duration',
  'time',
  'number',
  'includ',
  // the moment a window runs from ("since the end of radiotherapy", "desde el fin de"), and a treatment as such
  'sinc',
  'after',
  'end',
  'treat',
]);

/** Whether a question holds words more specific than how questions ask ("KRAS", "brain", not "criteria", "allowed"). */
export const asksSomething = (text: string) => specificTerms(text).length > 0;

/** The question's words more specific than how questions ask. */
export const specificTerms = (text: string) =>
  terms(
    text
      .replace(/\bNCT\d{8}\b/gi, ' ')
      .split(/\s+/)
      // everyday words ("go into", "queda", "dallo") are how a question is put, not what it is about
      .filter((w) => w.replace(/[^\p{L}\p{N}]/gu, '').length >= 3 && !isCommonWord(w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')))
      .join(' '),
  ).filter((t) => !GENERIC.has(t));

/**
 * The share of the question's specific words the best passages hold: "allowed", "required", "criteria" are
 * how a question asks, not what it asks about ("NCT… egfr pretreated allowed" is about EGFR and pretreatment).
 * A question of generic words only is measured on them all.
 */
function specificCoverage(r: ReturnType<typeof rank>, question = ''): number {
  const detail = variantDetail(r, question);
  const asked = r.queryTerms.filter((t) => !GENERIC.has(t) && !detail.has(t));
  if (!asked.length) return r.coverage;
  const found = new Set(r.ranked.flatMap((x) => x.matched));
  return asked.filter((t) => found.has(t)).length / asked.length;
}

/** Words that say which variant of a gene ("exon 20 insertion", "G12C", "amplification"), not which gene. */
const VARIANT_WORD = /^(?:exon\d*|insert|delet|mutat|amplif|fusion|rearrang|variant|alter|substitut|skip|point|ins|del|dup|duplic|\d+|[a-z]\d+[a-z]?)$/;

/**
 * The question's variant words that no passage holds, when a passage found names the gene they qualify ("NCT… accetta
 * inserzioni dell'esone 20 di EGFR?" where the record states "sensitizing EGFR mutations, either DEL19 or L858R"): the
 * gene's criterion says which of its variants the trial takes, so the words the record does not write are not counted
 * as missing from it.
 */
function variantDetail(r: ReturnType<typeof rank>, question: string): Set<string> {
  const genes = new Set(findGenes(question).map((g) => g.token.toLowerCase().replace(/-/g, '')));
  const found = new Set(r.ranked.flatMap((x) => x.matched));
  if (![...genes].some((g) => found.has(g))) return new Set();
  return new Set(r.queryTerms.filter((t) => VARIANT_WORD.test(t) && !found.has(t) && !genes.has(t)));
}

/**
 * The retrieved answer: the passages that bear on the question, quoted with their sources, or null when
 * nothing relevant is found (fewer than half the question's words in the best passages, or only generic ones).
 */
export async function retrievedAnswer(
  question: string,
  s: ChatSources,
  focus: Focus,
  trial: Trial | undefined,
  lang: Lang,
  opts: { ownOnly?: boolean; anyTerm?: boolean } = {},
): Promise<Answer | null> {
  const passages = await passagesOf(s, focus, trial, lang);
  // the trial's own id is how it was found, not what the question asks of it
  const asked = question.replace(/\bNCT\d{8}\b/gi, ' ');
  // a question that names a trial is answered from that trial's record when the record bears on it; so is a
  // follow-up that goes on about the trial in focus ("and the ECOG?", "¿y la edad?", "e le metastasi cerebrali?")
  const own =
    trial && (opts.ownOnly || /\bNCT\d{8}\b/i.test(question) || FOLLOW_UP.test(question))
      ? rank(
          asked,
          passages.filter((p) => p.id.startsWith(`${trial.id}#`)),
          8,
          { identity: (terms) => identityTerms(trial, asked, terms), generic: GENERIC },
        )
      : null;
  if (opts.ownOnly && (!own || specificCoverage(own, asked) < 0.5)) return null;
  const { ranked, coverage, queryTerms } = own && specificCoverage(own, asked) >= 0.5 ? own : rank(asked, passages, 8);
  if (!ranked.length || specificCoverage({ ranked, coverage, queryTerms }, asked) < 0.5) return null;
  const specific = ranked.flatMap((r) => r.matched).some((t) => !GENERIC.has(t));
  if (!specific) return null;
  // a question of three or more specific words is answered only by a passage that holds two of them: one word
  // each in unrelated passages ("colonoscopy" in a screening study, "year" in another) is not an answer
  const detail = variantDetail({ ranked, coverage, queryTerms }, asked);
  const asks = queryTerms.filter((t) => !GENERIC.has(t) && !detail.has(t)).length;
  const bestInOne = Math.max(...ranked.map((r) => r.matched.filter((t) => !GENERIC.has(t)).length));
  // (unless the question is a list of alternatives, each answered by its own passage: the genes a record names)
  if (!opts.anyTerm && asks >= 3 && bestInOne < 2) return null;
  const top = ranked[0].score;
  const kept = ranked.filter((r) => r.score >= top * 0.4).slice(0, 5);
  // a title or summary says what a trial is about, a criterion what it asks: when the best passages are the record's
  // description only, its best criterion that holds one of the question's specific words is quoted too
  // ("¿es para PD-L1 negativo?": the title says "PD-L1-Negative", the criterion "PD-L1 testing with TPS < 1%")
  const isCriterion = (r: (typeof ranked)[number]) => r.passage.citation.kind === 'criterion';
  const criterion = !kept.every((r) => r.passage.citation.kind === 'trial')
    ? undefined
    : ranked.find((r) => isCriterion(r) && r.matched.some((t) => !GENERIC.has(t)));
  if (criterion) kept.push(criterion);
  const citations: Citation[] = [];
  const lines = [say('retrieved', lang)];
  // a trial's sentences are cited with the trial itself, first
  for (const id of new Set(
    kept.map((r) => (r.passage.citation.kind === 'criterion' || r.passage.citation.kind === 'trial' ? r.passage.citation.trialId : undefined)),
  )) {
    const t = id ? s.trial(id) : undefined;
    if (t) citations.push(trialCite(t, s.patient?.id));
  }
  for (const r of kept) {
    let n = citations.findIndex((c) => c.kind === r.passage.citation.kind && c.id === r.passage.citation.id);
    if (n < 0) n = citations.push(r.passage.citation) - 1;
    lines.push(`- [${n + 1}] ${quote(r.passage.text, r.matched)}`);
  }
  return { content: lines.join('\n'), citations };
}

/** What a trial is: title, status, phase, conditions, interventions and the start of its summary. */
export function overview(t: Trial, s: ChatSources, lang: Lang): Answer {
  const status = statusWords(t, lang);
  const none = say('notStated', lang);
  const lines = [
    say('overview', lang, { id: t.id, title: t.briefTitle }),
    say('overviewFacts', lang, {
      status,
      phases: phaseWords(t, lang) || none,
      conditions: t.conditions.slice(0, 6).join('; ') || none,
      interventions:
        t.interventions
          .map((i) => i.name)
          .slice(0, 6)
          .join('; ') || none,
    }),
  ];
  if (t.summary) lines.push('', cut(t.summary, 600));
  return { content: lines.join('\n'), citations: [trialCite(t, s.patient?.id)] };
}

/**
 * Words that name a disease or a histology ("carcinoma", "leiomyosarcoma", "chromophobe", "NSCLC", "solid tumors"): a
 * criterion that holds several says which diseases a trial takes or excludes.
 */
const DISEASE_WORD =
  /\b[a-z]*omas?\b|\bcancers?\b|\btumou?rs?\b|\bneoplasms?\b|\bleuka?emias?\b|\bchromophobe\b|\bpapillary\b|\bclear[- ]cell\b|\bsquamous\b|\bsarcomatoid\b|\bneuroendocrine\b|\b(?:small|large)[- ]cell\b|\bmucinous\b|\bserous\b|\bendometrioid\b|\bsignet[- ]ring\b|\bductal\b|\blobular\b|\b(?:un|poorly )differentiated\b|\banaplastic\b|\bhistolog(?:y|ies)\b|\badenocarcinomas?\b|\b(?:NSCLC|SCLC|HCC|RCC|ccRCC|NPC|SCCHN|HNSCC|TNBC|CRC|mCRPC|CRPC|GIST|MPNST|AML|CLL|MDS|PDAC|GBM|NHL)\b/gi;
/** A criterion about another cancer than the trial's ("second malignancy within 5 years, except basal cell carcinoma"). */
const OTHER_CANCER =
  /\b(?:other|second|another|prior|previous|concurrent|additional|synchronous|metachronous)\s+(?:primary\s+|invasive\s+|active\s+)?(?:malignan\w*|cancers?|tumou?rs?|neoplasms?)|\bhistory of\b.{0,40}\b(?:malignan\w*|cancers?)\b/i;
const diseaseWords = (text: string) => new Set([...text.matchAll(DISEASE_WORD)].map((m) => m[0].toLowerCase().replace(/s$/, '')));

/**
 * What a trial is for, asked as its diseases, tumour types or histologies ("which tumour types", "qué subtipos de sarcoma",
 * "istologie escluse"): its overview, and the criteria sentences that name the most diseases (those of the side asked
 * about, when the question says which), quoted with their sources: a basket trial's conditions say only "solid tumors".
 */
export function diseases(t: Trial, s: ChatSources, lang: Lang, polarity?: 'inclusion' | 'exclusion'): Answer {
  const base = overview(t, s, lang);
  const criteria = trialPassages(t, s.patient?.id)
    .filter((p) => p.citation.kind === 'criterion' && (!polarity || p.text.startsWith('✕ ') === (polarity === 'exclusion')) && !OTHER_CANCER.test(p.text))
    .map((p) => ({ p, n: diseaseWords(p.text).size }))
    .filter((x) => x.n >= 2)
    .sort((a, b) => b.n - a.n)
    .slice(0, 3);
  if (!criteria.length) return base;
  const citations = [...base.citations];
  const lines = [base.content, '', say('retrieved', lang)];
  for (const { p } of criteria) lines.push(`- [${citations.push(p.citation)}] ${cut(p.text)}`);
  return { content: lines.join('\n'), citations };
}

/** Histologies as questions name them in en/es/it, each with how a record writes it. */
const HISTOLOGIES: Array<[RegExp, RegExp]> = [
  [/\bpapil+(?:ary|ar|ares|are|ari|lare|lari)\b/i, /papillary/i],
  [/\bcromof\w*|\bchromophob\w*/i, /chromophob/i],
  [/\bclear[- ]cell|\bc[eé]lulas? claras?\b|\bcellul[ae] chiar[ae]\b/i, /clear[- ]cell|\bclear\b/i],
  [/\bsquam\w*|\bescam\w*/i, /squamous/i],
  [/\badeno(?:carcinom)?\w*/i, /adeno/i],
  [/\bsmall[- ]cell\b|\bc[eé]lulas? peque[nñ]as?\b|\bpiccole cellule\b|\bmicroc[ií]tic\w*/i, /small[- ]cell/i],
  [/\bsarcomato\w*/i, /sarcomatoid/i],
  [/\bneuroendo\w*/i, /neuroendocrine/i],
  [/\bmucin\w*/i, /mucin/i],
  [/\bserous\b|\bseros[oa]s?\b/i, /serous/i],
  [/\bendometrioi\w*/i, /endometrioid/i],
  [/\blobul\w*/i, /lobular/i],
  [/\bductal\w*|\bduttal\w*/i, /ductal/i],
];

/**
 * A histology the question names that the record does not write ("does NCT… accept papillary RCC" where its criteria
 * take "clear (conventional) cell" only): the record's own disease criteria say what it takes, which no sentence
 * about the asked histology can.
 */
export function histologyNotInRecord(question: string, t: Trial): boolean {
  const text = plain(question);
  const record = [t.eligibility.text ?? '', t.briefTitle, t.officialTitle ?? '', ...t.conditions].join(' ');
  return HISTOLOGIES.some(([asked, written]) => asked.test(text) && !written.test(record));
}
