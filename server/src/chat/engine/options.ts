import { isCommonWord } from './language';
import type { Citation, FindTreatmentResponse, TreatmentRecommendation } from '@oncodesk/shared/contracts';
import { plain } from './intent';
import { CLASS_SHORTHAND, DRUG_SHORTHAND, romanceDrugCandidates, shorthandIgnoresCase } from '../../language/lexicon';
import { drugClasses, drugClassLabel, findDrugs, normalizeDrug } from '../../vocab/drugKnowledge';
import type { Answer } from './answers';
import { say, type Lang } from './messages';
import type { ChatSources } from './sources';

const cut = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** A shorthand pattern as a word, in its case (lexicon.ts shorthandIgnoresCase). */
const shorthandRe = (src: string) => new RegExp(`(?<![A-Za-z0-9])(?:${src})(?![A-Za-z0-9])`, shorthandIgnoresCase(src) ? 'i' : '');
const SHORTHAND = DRUG_SHORTHAND.map(([src, names]) => [shorthandRe(src), names] as const);
const CLASS_SHORT = CLASS_SHORTHAND.map(([src, cls]) => [shorthandRe(src), cls] as const);
/** Words of questions that begin like a drug's name ("ever" — everolimus, "tras" — trastuzumab) and are not one. */
const NOT_A_DRUG = new Set([
  'ever',
  'tras',
  'para',
  'dose',
  'last',
  'caps',
  'line',
  'lines',
  'linea',
  'linee',
  'prior',
  'after',
  'before',
  'trial',
  'trials',
  'studi',
  'study',
  'option',
  'options',
]);

/**
 * Treatments named by what they do rather than by drug: ovarian (function) suppression, "supresión ovárica",
 * "soppressione ovarica", a chemical castration, is given with the GnRH analogues the drug knowledge files under
 * androgen deprivation ("adt": leuprolide, goserelin), in women as in men.
 */
const BY_EFFECT: Array<[RegExp, string]> = [
  [
    /\bovarian (?:function )?suppression\b|\bOFS\b|\bsupresion (?:de la funcion )?ovarica\b|\bsoppressione (?:della funzione )?ovarica\b|\bchemical castration\b|\bcastracion quimica\b|\bcastrazione (?:chimica|farmacologica)\b/i,
    'adt',
  ],
];

/**
 * Drugs and drug classes a question names: generic names, brands, regimens and class phrases (the drug
 * vocabulary), the clinical shorthand of the language reader's lexicon ("pembro", "carbo/pem", "nivo ipi",
 * "CDK4/6i"), Spanish and Italian spellings ("capecitabina"), and the first letters of a drug the
 * conversation's sources hold ("enco cetux", "dostar", `known`: the options' and the listed trials' drugs)
 * when they begin only that one.
 */
export function drugsIn(question: string, known: Iterable<string> = []): { drugs: string[]; classes: string[] } {
  const m = findDrugs(question);
  const drugs = new Set(m.map((x) => x.drug).filter((d): d is string => !!d));
  const classes = new Set(m.map((x) => x.drugClass).filter((c): c is string => !!c));
  for (const [re, names] of SHORTHAND) if (re.test(question)) for (const n of names) drugs.add(normalizeDrug(n) ?? n);
  for (const [re, cls] of CLASS_SHORT) if (re.test(question)) classes.add(cls);
  for (const [re, cls] of BY_EFFECT) if (re.test(plain(question))) classes.add(cls);
  const pool = [...new Set(known)].map((d) => d.toLowerCase());
  for (const word of question.toLowerCase().match(/[a-zà-ÿ][a-zà-ÿ0-9-]{3,}/g) ?? []) {
    for (const c of romanceDrugCandidates(word)) {
      const g = normalizeDrug(c);
      if (g) drugs.add(g);
    }
    if (NOT_A_DRUG.has(word) || isCommonWord(word) || normalizeDrug(word)) continue;
    const starts = pool.filter((d) => d.startsWith(word) && d !== word);
    if (starts.length === 1) drugs.add(starts[0]);
  }
  return { drugs: [...drugs], classes: [...classes] };
}

/** The drugs the conversation's sources hold: the guideline options' and the listed trials'. */
export async function knownDrugs(s: ChatSources): Promise<string[]> {
  if (!s.patient) return [];
  const [r, search] = await Promise.all([s.recommendations(), s.search()]);
  const out = new Set<string>(r?.recommendations.flatMap((x) => x.drugs) ?? []);
  for (const m of search?.results ?? []) for (const i of s.trial(m.trial.id)?.interventions ?? []) for (const d of i.drugs) out.add(d);
  return [...out];
}

/** The options of the patient's guideline answer that a question names, by drug or drug class. */
export function optionsNamed(r: FindTreatmentResponse, question: string, known: string[] = []): TreatmentRecommendation[] {
  const { drugs, classes } = drugsIn(question, known);
  if (!drugs.length && !classes.length) return [];
  const named = r.recommendations.filter((rec) => rec.drugs.some((d) => drugs.includes(d) || drugClasses(d).some((c) => classes.includes(c))));
  // the option whose own name says what was asked ("CDK4/6 inhibitor … with an aromatase inhibitor") before one that merely contains such a drug
  const says = (rec: TreatmentRecommendation) =>
    [...drugs, ...classes.map((c) => drugClassLabel(c) ?? c)].some((w) => rec.therapy.toLowerCase().includes(w.toLowerCase()));
  return [...named.filter(says), ...named.filter((x) => !says(x))];
}

const packCite = (r: FindTreatmentResponse, patientId: string): Citation => ({
  kind: 'guideline',
  id: `${r.pack.name} ${r.pack.version}`,
  patientId,
  label: `${r.pack.name} ${r.pack.version}`,
});

/** One option explained: why the pack gives it for this patient (the facts it matched), its caveats, sources and evidence. */
export function explainOption(
  rec: TreatmentRecommendation,
  r: FindTreatmentResponse,
  s: ChatSources,
  lang: Lang,
  also: TreatmentRecommendation[] = [],
): Answer {
  const patientId = s.patient!.id;
  const citations: Citation[] = [
    { kind: 'guideline', id: rec.id, patientId, label: cut(rec.therapy, 120), ...(rec.evidence.url ? { url: rec.evidence.url } : {}) },
  ];
  const lines = [say('optionWhy', lang, { therapy: rec.therapy }), `- [1] ${rec.rationale}`];
  for (const other of also) {
    citations.push({ kind: 'guideline', id: other.id, patientId, label: cut(other.therapy, 120) });
    lines.push(`- [${citations.length}] ${say('alsoOption', lang, { therapy: other.therapy })}`);
  }
  if (rec.matchedOn.length) lines.push(say('optionMatched', lang, { facts: rec.matchedOn.join('; ') }));
  if (rec.caveats.length) lines.push(say('optionCaveats', lang), ...rec.caveats.map((c) => `- ${c}`));
  lines.push(
    say('optionSource', lang),
    `- [1] ${rec.evidence.source}: ${cut(rec.evidence.citation, 240)} (${rec.evidence.date}; ${rec.evidence.category}, ${rec.evidence.level})`,
  );
  for (const e of rec.supporting.slice(0, 4)) {
    citations.push({ kind: 'evidence', id: e.id, label: cut(`CIViC ${e.id} · ${e.molecularProfile} · ${e.therapies}`, 120), url: e.url });
    lines.push(`- [${citations.length}] ${e.molecularProfile} — ${e.disease}; ${e.therapies}; level ${e.level}; ${cut(e.citation, 120)}`);
  }
  lines.push('', say('guideline', lang, { pack: r.pack.name, version: r.pack.version, date: r.pack.date, disclaimer: r.pack.disclaimer }));
  return { content: lines.join('\n'), citations };
}

/**
 * A drug the question names that is not among the patient's options: said plainly, with what the pack
 * says of it (ruled out by a fact, or waiting for a missing one), never a reason the pack does not give.
 */
export function notAnOption(question: string, r: FindTreatmentResponse, s: ChatSources, lang: Lang, known: string[] = []): Answer | null {
  const { drugs, classes } = drugsIn(question, known);
  const what = [...drugs, ...classes];
  if (!what.length) return null;
  const patientId = s.patient!.id;
  const low = (x: string) => x.toLowerCase();
  const names = (text: string) => what.some((w) => low(text).includes(low(w)));
  const lines = [say('notAnOption', lang, { what: what.join(', '), considered: r.considered })];
  const citations: Citation[] = [packCite(r, patientId)];
  for (const na of r.notApplicable.filter((x) => names(x.therapy))) lines.push(`- [1] ${na.therapy}: ${na.reason}`);
  for (const m of r.missingData.filter((x) => x.decides.some(names)))
    lines.push(`- [1] ${say('optionWaits', lang, { fact: m.fact })}${m.action ? ` (${m.action})` : ''}`);
  if (r.recommendations.length) lines.push(say('optionsAre', lang, { list: r.recommendations.map((x) => x.therapy).join('; ') }));
  return { content: lines.join('\n'), citations };
}
