import type { Citation, CriterionResult, FindTreatmentResponse, GeoPoint, MatchedTrial, Trial, TrialMatchResult } from '@oncodesk/shared/contracts';
import { decidesAlone, isOpenSite } from '@oncodesk/shared/contracts';
import { haversineKm } from '../../geo/distance';
import { geoService } from '../../geo/service';
import { patientSummary } from '../../patients/summary';
import { drugClasses } from '../../vocab/drugKnowledge';
import { findGenes } from '../../vocab/geneNames';
import { countryName, siteCode } from './country';
import { say, WORDS, type Lang } from './messages';
import { plain, type ParsedQuestion } from './intent';
import enLocale from '@oncodesk/shared/locales/en.json';
import esLocale from '@oncodesk/shared/locales/es.json';
import itLocale from '@oncodesk/shared/locales/it.json';
import { drugsIn } from './options';
import type { ChatSources } from './sources';
import { criteriaLines, withoutListMarker } from './quote';

/** An answer of the embedded engine: extractive text, the sources it rests on, or a plain "I can't". */
export interface Answer {
  content: string;
  citations: Citation[];
  declined?: boolean;
}

const cut = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
const decline = (lang: Lang, key: 'decline' | 'needTrial' | 'needPatient' | 'needSearch' = 'decline', params = {}): Answer => ({ content: say(key, lang, params), citations: [], declined: true });
const trialCite = (t: Pick<Trial, 'id' | 'briefTitle'>, patientId?: string): Citation => ({ kind: 'trial', id: t.id, trialId: t.id, label: cut(`${t.id} · ${t.briefTitle}`, 120), ...(patientId ? { patientId } : {}) });
const patientCite = (s: ChatSources): Citation => ({ kind: 'patient', id: s.patient!.id, patientId: s.patient!.id, label: s.patient!.name });

/** The trial a question is about: an NCT id it names, else the conversation's trial. */
export function trialOf(q: ParsedQuestion, s: ChatSources): { trial?: Trial; missing?: string } {
  const id = q.nctIds[0] ?? s.context.trialId;
  if (!id) return {};
  const trial = s.trial(id);
  return trial ? { trial } : { missing: id };
}

export async function whyMatch(trial: Trial, s: ChatSources, lang: Lang): Promise<Answer> {
  if (!s.patient) return decline(lang, 'needPatient');
  const match = await s.match(trial.id);
  if (!match) return decline(lang);
  return explainMatch(trial, match, s, lang);
}

const VERDICT_ORDER: Record<string, number> = { no_match: 0, unknown: 1, match: 2 };
/**
 * How much a criterion's kind tells a clinician deciding on the trial, for the order of each list (the record's order
 * within a rank): the disease, its markers and the treatments already given first ("progressed on a CDK4/6 inhibitor",
 * "progression on PARPi"), then the course and procedures, then what every trial asks (age, ECOG, routine labs).
 */
const KIND_RANK: Partial<Record<CriterionResult['kind'], number>> = {
  age: 2,
  sex: 2,
  ecog: 2,
  karnofsky: 2,
  lab: 2,
  organ_function: 2,
  pregnancy: 2,
  hypersensitivity: 2,
  concomitant_medication: 2,
  administrative: 2,
  measurable_disease: 1,
  resectability: 1,
  life_expectancy: 1,
  comorbidity: 1,
  recent_therapy: 1,
  prior_procedure: 1,
  free_text: 1,
  menopausal_status: 1,
};
const kindRank = (r: CriterionResult) => KIND_RANK[r.kind] ?? 0;

/** Who set an override and when ("Ana Rossi, 2026-11-27 09:12"). */
const setWho = (r: Pick<CriterionResult, 'overriddenBy' | 'overriddenAt'>) => [r.overriddenBy, r.overriddenAt && day(r.overriddenAt)].filter(Boolean).join(', ');

/** The verdict in words: when a clinician overrode a criterion of the trial, the verdict says it is theirs (the latest override's who and when). */
function verdictWords(match: TrialMatchResult, lang: Lang): string {
  // results saved before cohorts were matched have none
  const set = [...match.results, ...(match.cohorts ?? []).flatMap((c) => c.results)].filter((r) => r.overridden).sort((a, b) => (b.overriddenAt ?? '').localeCompare(a.overriddenAt ?? ''));
  if (!set.length) return say(`v_${match.verdict}` as 'v_match', lang);
  return say('verdictSet', lang, { verdict: say(`vs_${match.verdict}` as 'vs_match', lang), who: setWho(set[0]) });
}

function explainMatch(trial: Trial, match: TrialMatchResult, s: ChatSources, lang: Lang): Answer {
  const rs = match.results.filter((r) => r.kind !== 'administrative');
  const by = (st: CriterionResult['status']) => rs.filter((r) => r.status === st);
  const lines = [
    say('verdict', lang, { title: cut(trial.briefTitle, 100), id: trial.id, verdict: verdictWords(match, lang), met: match.counts.match, notMet: match.counts.no_match, unknown: match.counts.unknown }),
  ];
  // a cohort's, a condition's or an alternative's unmet sentence never rules the trial out alone: said apart
  if (match.counts.not_deciding) lines.push(say('notDecidingNote', lang, { n: match.counts.not_deciding }));
  const citations: Citation[] = [trialCite(trial, s.patient!.id), patientCite(s)];
  const list = (title: 'notMet' | 'notMetNotDeciding' | 'toCheck' | 'met', items: CriterionResult[], limit: number) => {
    if (!items.length) return;
    lines.push('', say(title, lang));
    // one line per trial sentence (several criteria may be read from one)
    const seen = new Set<string>();
    const unique = items.filter((r) => !seen.has(r.source) && seen.add(r.source));
    for (const r of [...unique].sort((a, b) => VERDICT_ORDER[a.status] - VERDICT_ORDER[b.status] || kindRank(a) - kindRank(b)).slice(0, limit)) {
      const n = citations.length;
      citations.push({ kind: 'criterion', id: r.criterionId, trialId: trial.id, patientId: s.patient!.id, label: cut(r.source, 120) });
      lines.push(`- [${n + 1}] ${r.polarity === 'exclusion' ? '✕ ' : ''}${cut(r.source, 220)}${r.patientFact ? ` (${say('patientFact', lang, { fact: r.patientFact })})` : ''}${r.overridden ? ` — ${say('setBy', lang, { who: setWho(r) })}` : ''}`);
    }
  };
  list('notMet', by('no_match').filter((r) => decidesAlone(r)), 8);
  list('notMetNotDeciding', by('no_match').filter((r) => !decidesAlone(r)), 4);
  list('toCheck', by('unknown'), 8);
  list('met', by('match'), 4);
  return { content: lines.join('\n'), citations };
}

/** A short criterion that states a limit ("BMI ≥17", "Age>18", "PS 0-1"): a name and a number, kept however short. */
export const SHORT_RULE = /^[A-Za-z][\w/-]*\s*(?:[<>≤≥=]+\s*)?\d/;

/** The sentences of a criteria text by section ("Inclusion Criteria:" / "Exclusion Criteria:"), bullets and numbering removed. */
export function criteriaSections(text: string | undefined): Record<'inclusion' | 'exclusion', string[]> {
  const out: Record<'inclusion' | 'exclusion', string[]> = { inclusion: [], exclusion: [] };
  if (!text || !/exclusion criteria|inclusion criteria/i.test(text)) return out;
  let section: 'inclusion' | 'exclusion' | null = null;
  for (const line of criteriaLines(text)) {
    const l = withoutListMarker(line);
    // "Inclusion Criteria:", "Key Exclusion Criteria", "Select Inclusion Criteria:", "Most important exclusion criteria:"
    // (a few words before it only on a short line or one that ends with a colon: not "Patients who meet all inclusion criteria…")
    const heading = (
      /^(?:(?:key|select|selected|main|major|general|additional) )?(inclusion|exclusion) criteria\b/i.exec(l) ??
      (l.length <= 60 || l.endsWith(':') ? /^(?:[a-z-]+ ){1,3}(inclusion|exclusion) criteria\b/i.exec(l) : null)
    )?.[1]?.toLowerCase() as 'inclusion' | 'exclusion' | undefined;
    if (heading) section = heading;
    // a sub-heading ("Key criteria:") is no criterion; "… according to EANO ESMO criteria" is one
    else if (section && (l.length >= 8 || SHORT_RULE.test(l)) && !(/criteria:?$/i.test(l) && (l.endsWith(':') || l.length <= 40))) out[section].push(l);
  }
  return out;
}

export function criteria(trial: Trial, polarity: 'inclusion' | 'exclusion' | undefined, s: ChatSources, lang: Lang): Answer {
  const citations: Citation[] = [trialCite(trial, s.patient?.id)];
  const lines: string[] = [];
  const text = criteriaSections(trial.eligibility.text);
  for (const pol of polarity ? [polarity] : (['inclusion', 'exclusion'] as const)) {
    // the record's own sentences when its criteria text has the section; else the compiled criteria (one line per source sentence)
    const seen = new Set<string>();
    const items = text[pol].length
      ? text[pol].map((source, i) => ({ id: `text-${pol}-${i}`, source }))
      : trial.eligibility.criteria.filter((c) => c.polarity === pol && c.origin !== 'derived' && !seen.has(c.source) && seen.add(c.source));
    if (!items.length) continue;
    if (lines.length) lines.push('');
    lines.push(say(pol, lang, { id: trial.id }));
    for (const c of items.slice(0, 12)) {
      citations.push({ kind: 'criterion', id: `${trial.id}#${c.id}`, trialId: trial.id, ...(s.patient ? { patientId: s.patient.id } : {}), label: cut(c.source, 120) });
      lines.push(`- [${citations.length}] ${cut(c.source, 240)}`);
    }
    if (items.length > 12) lines.push(say('more', lang, { n: items.length - 12 }));
  }
  if (!lines.length) {
    // nothing compiled: the published text itself
    const text = trial.eligibility.text?.trim();
    if (!text) return decline(lang);
    lines.push(cut(text, 1500));
  }
  return { content: lines.join('\n'), citations };
}

/** A trial's sites: the nearest open ones when the patient's location is recorded; asked for the nearest (`near`) without one, the list says it cannot rank them. */
/** A trial's sites: nearest to the patient when the record places them, else recruiting first; only one country's when `country` (a region code) is given. */
export function sites(
  trial: Trial,
  s: ChatSources,
  lang: Lang,
  near = false,
  country?: string,
  from?: { name: string; point: GeoPoint },
  countries = false,
): Answer {
  const citations = [trialCite(trial, s.patient?.id)];
  if (!trial.sites.length) return { content: say('noSites', lang, { id: trial.id }), citations };
  const place = (x: Trial['sites'][number]) => [x.name, x.address.city, x.address.country].filter(Boolean).join(', ');
  // from a city the question names ("closest site to Lyon"): the record's sites by distance from it, the open ones when there are any
  if (from) {
    // a site the record gives no point is placed at its city, as the trial store places them (geo/gazetteer locate)
    const located = trial.sites.flatMap((x) => {
      const at = x.point ?? geoService().locate({ city: x.address.city, state: x.address.state, countryCode: siteCode(x) });
      return at ? [{ x, at }] : [];
    });
    const open = located.filter((l) => isOpenSite(l.x.status));
    const byDistance = (open.length ? open : located)
      .map(({ x, at }) => ({ x, km: haversineKm(from.point, at) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, 5);
    if (byDistance.length)
      return {
        content: [say('sitesFrom', lang, { id: trial.id, place: from.name, total: trial.sites.length }), ...byDistance.map((n) => `- ${place(n.x)} — ${Math.round(n.km)} km (${n.x.status})`)].join('\n'),
        citations,
      };
  }
  const inCountry = country ? trial.sites.filter((x) => siteCode(x) === country) : trial.sites;
  if (country && !inCountry.length) {
    const countries = [...new Set(trial.sites.map((x) => x.address.country).filter(Boolean))];
    const params = { id: trial.id, country: countryName(country, lang), total: trial.sites.length, countries: countries.slice(0, 12).join(', ') + (countries.length > 12 ? ', …' : '') };
    return { content: say('noSitesIn', lang, params), citations };
  }
  const point = s.patient?.data.location?.point;
  const unranked = near && s.patient && !point ? [say('sitesUnranked', lang)] : [];
  const heading = country
    ? say('sitesIn', lang, { id: trial.id, country: countryName(country, lang), count: inCountry.length, total: trial.sites.length })
    : say('sites', lang, { id: trial.id, count: trial.sites.length });
  if (point) {
    const near = inCountry
      .filter((x) => x.point && isOpenSite(x.status))
      .map((x) => ({ x, km: haversineKm(point, x.point!) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, 5);
    if (near.length)
      return { content: [...(country ? [heading] : []), say('sitesNearest', lang, { id: trial.id }), ...near.map((n) => `- ${place(n.x)} — ${Math.round(n.km)} km (${n.x.status})`)].join('\n'), citations };
  }
  const order = (st: string) => (st === 'recruiting' ? 0 : st === 'not_yet_recruiting' ? 1 : 2);
  const list = [...inCountry].sort((a, b) => order(a.status) - order(b.status)).slice(0, country ? 12 : 8);
  // asked for its countries ("in quali paesi", "países del NCT…"): every country of its sites first, with how many sites each
  const byCountry = new Map<string, number>();
  if (countries && !country)
    for (const x of trial.sites) if (x.address.country) byCountry.set(x.address.country, (byCountry.get(x.address.country) ?? 0) + 1);
  const countryLine = byCountry.size
    ? [say('siteCountries', lang, { id: trial.id, countries: [...byCountry].map(([c, n]) => `${c} (${n})`).join(', ') }), '']
    : [];
  return { content: [...unranked, ...countryLine, heading, ...list.map((x) => `- ${place(x)} (${x.status})`)].join('\n'), citations };
}

export function arms(trial: Trial, s: ChatSources, lang: Lang): Answer {
  const citations = [trialCite(trial, s.patient?.id)];
  if (!trial.interventions.length && !trial.cohorts.length) {
    // an observational record lists none, yet its summary may say what the patients receive ("who receive IMFINZI in
    // combination with gemcitabine and cisplatin"): those sentences, quoted as written, after saying that none is listed
    const said = treatmentSentences(trial);
    const lines = [say('noArms', lang, { id: trial.id })];
    if (said.length) lines.push(say('armsFromSummary', lang), ...said.map((x) => `- ${cut(x, 300)}`));
    return { content: lines.join('\n'), citations };
  }
  // an intervention named by its code ("azd5363 when combined with…") also says the drug it is
  const drugsOf = (i: Trial['interventions'][number]) => i.drugs.filter((d) => !i.name.toLowerCase().includes(d.toLowerCase()));
  const seen = new Set<string>();
  const lines = [
    say('arms', lang, { id: trial.id }),
    ...trial.interventions
      .map((i) => `- ${i.name}${i.type ? ` (${i.type})` : ''}${drugsOf(i).length ? ` — ${drugsOf(i).join(', ')}` : ''}`)
      .filter((l) => !seen.has(l) && seen.add(l)),
  ];
  // each arm with what the record says it gives (its drugs, doses and schedule), shortened
  const armText = (c: Trial['cohorts'][number]) =>
    c.description && !c.label.includes(c.description) ? `: ${cut(c.description.replace(/\s+/g, ' '), 200)}` : '';
  if (trial.cohorts.length) lines.push('', say('cohorts', lang), ...trial.cohorts.slice(0, 10).map((c) => `- ${c.label}${c.open ? '' : ' (closed)'}${armText(c)}`));
  return { content: lines.join('\n'), citations };
}

/**
 * The sentences of a record's summary and description that name a drug (two at most, each once): what a record that lists
 * no interventions says its patients receive.
 */
function treatmentSentences(trial: Trial): string[] {
  const out: string[] = [];
  for (const text of [trial.summary, trial.description]) {
    for (const raw of (text ?? '').replace(/\s+/g, ' ').split(/(?<=[.;!?])\s+(?=[A-Z0-9])/)) {
      const sentence = raw.trim();
      if (!sentence || out.length >= 2 || !drugsIn(sentence).drugs.length) continue;
      // (a sentence whose drugs an earlier one named, as a description restating the summary, adds nothing new)
      const named = new Set(out.flatMap((x) => drugsIn(x).drugs));
      if (drugsIn(sentence).drugs.every((d) => named.has(d))) continue;
      out.push(sentence);
    }
  }
  return out;
}

/** A record's status as the registry writes it ("not yet recruiting"). */
export const recordStatus = (t: Trial) => t.overallStatus.replace(/_/g, ' ');
/** A record's phases as the registry writes them ("Phase 2/Phase 3", "Early Phase 1"). */
export const recordPhases = (t: Trial) => t.phases.map((p) => (p === 'na' ? 'N/A' : p === 'early_1' ? 'Early Phase 1' : `Phase ${p}`)).join('/');
/**
 * A value translated into Spanish or Italian, with the record's own term beside it ("fase 2 (en el registro: Phase 2)"):
 * the answer is in the question's language and still quotes what the source says. English answers give the term as is.
 */
export const withRecordTerm = (translated: string, term: string, lang: Lang) =>
  lang === 'en' || !translated || !term || translated.toLowerCase() === term.toLowerCase() ? translated : `${translated} (${say('asRecorded', lang, { term })})`;

/** A record's phases ("2/3"), with the record's own term beside them in es/it. */
export const phaseWords = (t: Trial, lang: Lang) => withRecordTerm(t.phases.join('/'), recordPhases(t), lang);

/** A record's status in the answer's language, with the record's own term beside it in es/it. */
export function statusWords(t: Trial, lang: Lang): string {
  const key = `st_${t.overallStatus}` as 'st_unknown';
  return withRecordTerm(key in WORDS ? say(key, lang) : t.overallStatus, recordStatus(t), lang);
}

export function phase(trial: Trial, s: ChatSources, lang: Lang): Answer {
  const status = statusWords(trial, lang);
  const params = { id: trial.id, phases: phaseWords(trial, lang), status, type: trial.studyType ?? '' };
  // a record without a study type says nothing of it
  const text = say(trial.phases.length ? 'phase' : 'noPhaseStated', lang, params).replace(/; [^;:]+: \.$/, '.');
  return { content: text, citations: [trialCite(trial, s.patient?.id)] };
}

export function sponsor(trial: Trial, s: ChatSources, lang: Lang): Answer {
  const citations = [trialCite(trial, s.patient?.id)];
  if (!trial.sponsor) return { content: say('noSponsor', lang, { id: trial.id }), citations };
  const lines = [say('sponsor', lang, { id: trial.id, sponsor: trial.sponsor })];
  if (trial.collaborators.length) lines.push(say('collaborators', lang, { list: trial.collaborators.slice(0, 6).join('; ') }));
  return { content: lines.join(' '), citations };
}

/** Genes and drugs / classes a question names (gene symbols as written, drug names and class phrases). */
function targetsOf(text: string, known: string[] = []): { genes: string[]; drugs: string[]; classes: string[] } {
  // gene symbols typed in lower case ("trials targeting egfr") are read as the symbol
  const found = findGenes(text);
  const genes = [...new Set((found.length ? found : findGenes(text.toUpperCase())).map((g) => g.gene))];
  return { genes, ...drugsIn(text, known) };
}

export async function trialsTargeting(question: string, s: ChatSources, lang: Lang, known: string[] = []): Promise<Answer> {
  if (!s.patient) return decline(lang, 'needPatient');
  const t = targetsOf(question, known);
  if (!t.genes.length && !t.drugs.length && !t.classes.length) return { content: say('needTarget', lang), citations: [], declined: true };
  const search = await s.search();
  if (!search) return decline(lang, 'needSearch');
  const what = [...t.genes, ...t.drugs, ...t.classes].join(', ');
  const hits: MatchedTrial[] = [];
  for (const m of search.results) {
    const trial = s.trial(m.trial.id);
    if (!trial) continue;
    const drugs = new Set(trial.interventions.flatMap((i) => i.drugs));
    const classes = new Set([...drugs].flatMap((d) => drugClasses(d)));
    const geneHit = t.genes.some((g) => trial.genes.includes(g) || trial.targets.some((x) => x.gene === g));
    if (geneHit || t.drugs.some((d) => drugs.has(d)) || t.classes.some((c) => classes.has(c) || drugs.has(c))) hits.push(m);
  }
  if (!hits.length) return { content: say('noTargeting', lang, { n: search.results.length, what }), citations: [patientCite(s)] };
  const citations: Citation[] = [];
  const lines = [say('targeting', lang, { what, count: hits.length })];
  for (const m of hits.slice(0, 10)) {
    citations.push(trialCite(m.trial, s.patient.id));
    lines.push(`- [${citations.length}] ${m.trial.id} · ${cut(m.trial.briefTitle, 120)} — ${verdictWords(m.match, lang)}`);
  }
  return { content: lines.join('\n'), citations };
}

function packLine(r: FindTreatmentResponse, lang: Lang): string {
  return say('guideline', lang, { pack: r.pack.name, version: r.pack.version, date: r.pack.date, disclaimer: r.pack.disclaimer });
}

export async function guideline(s: ChatSources, lang: Lang): Promise<Answer> {
  if (!s.patient) return decline(lang, 'needPatient');
  const r = await s.recommendations();
  if (!r) return decline(lang);
  const lines = [packLine(r, lang)];
  const citations: Citation[] = [];
  if (!r.recommendations.length) lines.push(say('noOptions', lang, { considered: r.considered }));
  for (const rec of r.recommendations.slice(0, 8)) {
    citations.push({ kind: 'guideline', id: rec.id, patientId: s.patient.id, label: cut(rec.therapy, 120), ...(rec.evidence.url ? { url: rec.evidence.url } : {}) });
    lines.push(`- [${citations.length}] ${rec.therapy} — ${rec.evidence.source}: ${cut(rec.evidence.citation, 160)} (${rec.evidence.date})`);
  }
  return { content: lines.join('\n'), citations };
}

export async function evidence(s: ChatSources, lang: Lang): Promise<Answer> {
  if (!s.patient) return decline(lang, 'needPatient');
  const r = await s.recommendations();
  if (!r) return decline(lang);
  const lines = [packLine(r, lang)];
  const citations: Citation[] = [];
  for (const rec of r.recommendations) {
    if (!rec.supporting.length) continue;
    lines.push('', say('evidenceOf', lang, { therapy: rec.therapy }));
    for (const e of rec.supporting.slice(0, 4)) {
      citations.push({ kind: 'evidence', id: e.id, label: cut(`CIViC ${e.id} · ${e.molecularProfile} · ${e.therapies}`, 120), url: e.url });
      lines.push(`- [${citations.length}] ${e.molecularProfile} — ${e.disease}; ${e.therapies}; level ${e.level}; ${cut(e.citation, 120)}`);
    }
  }
  if (!citations.length) return { content: say('noEvidence', lang), citations: [] };
  return { content: lines.join('\n'), citations };
}

/**
 * What to test or record next: what decides the patient's options (the guideline answer's missing facts,
 * with the test to do) and matches (criteria the record cannot decide, counted over the trials they could
 * still change: a trial another criterion already rules out is not changed by them).
 */
export async function missing(s: ChatSources, lang: Lang): Promise<Answer> {
  if (!s.patient) return decline(lang, 'needPatient');
  const lines: string[] = [];
  const citations: Citation[] = [patientCite(s)];
  const r = await s.recommendations();
  if (r?.missingData.length) {
    citations.push({ kind: 'guideline', id: `${r.pack.name} ${r.pack.version}`, patientId: s.patient.id, label: `${r.pack.name} ${r.pack.version}` });
    lines.push(say('missingGuideline', lang));
    for (const m of r.missingData.slice(0, 6)) lines.push(`- [${citations.length}] ${m.fact}${m.action ? ` — ${say('missingAction', lang, { action: m.action })}` : ''}${m.decides.length ? ` → ${m.decides.slice(0, 3).join('; ')}` : ''}`);
  }
  const search = await s.search();
  if (search?.results.length) {
    const open = search.results.filter((m) => m.match.verdict !== 'no_match' && m.match.verdict !== 'not_eligible').slice(0, 10);
    const count = new Map<string, Set<string>>();
    for (const m of open)
      for (const x of m.match.results) {
        if (x.status !== 'unknown' || x.kind === 'administrative' || x.kind === 'free_text') continue;
        const what = x.reason.replace(/^(?:excludes: )?/, '').replace(/ (?:is )?not recorded.*$/i, '');
        if (!count.has(what)) count.set(what, new Set());
        count.get(what)!.add(m.trial.id);
      }
    const ranked = [...count].sort((a, b) => b[1].size - a[1].size).slice(0, 6);
    if (ranked.length) {
      if (lines.length) lines.push('');
      lines.push(say('missingTrials', lang, { n: open.length }));
      for (const [what, trials] of ranked) lines.push(`- ${what} — ${say('trialsCount', lang, { n: trials.size })}`);
      for (const m of open.slice(0, 3)) citations.push(trialCite(m.trial, s.patient.id));
    }
  }
  if (!lines.length) lines.push(say('nothingMissing', lang));
  return { content: lines.join('\n'), citations };
}

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export async function changed(s: ChatSources, lang: Lang): Promise<Answer> {
  if (!s.patient) return decline(lang, 'needPatient');
  const search = await s.search();
  if (!search) return decline(lang, 'needSearch');
  const after = s.patient.answersUpdatedAt && Date.parse(s.patient.answersUpdatedAt) > Date.parse(search.createdAt) + 1000;
  const lines = [after ? say('changedAfter', lang, { when: day(s.patient.answersUpdatedAt!), search: `${search.searchKey}, ${day(search.createdAt)}` }) : say('notChanged', lang, { search: `${search.searchKey}, ${day(search.createdAt)}` })];
  const citations: Citation[] = [patientCite(s)];
  const docs = (await s.documents()).filter((d) => d.findings.some((f) => f.status === 'accepted'));
  if (docs.length) {
    lines.push('', say('acceptedFindings', lang));
    for (const d of docs)
      for (const f of d.findings.filter((x) => x.status === 'accepted').slice(0, 8)) {
        citations.push({ kind: 'document', id: `${d.id}#${f.id}`, documentId: d.id, page: f.source.page, patientId: s.patient.id, label: cut(`${d.name} · ${f.source.text}`, 120) });
        lines.push(`- [${citations.length}] ${d.name}: ${cut(f.source.text, 160)}`);
      }
  }
  return { content: lines.join('\n'), citations };
}

export async function report(question: string, s: ChatSources, lang: Lang): Promise<Answer> {
  if (!s.patient) return decline(lang, 'needPatient');
  const done = (await s.documents()).filter((d) => d.status === 'done');
  if (!done.length) return { content: say('noReports', lang), citations: [], declined: true };
  // "the NGS report", "el informe de laboratorio", "gli esami del sangue": that kind of report only
  const kind = REPORT_KIND.find(([re]) => re.test(plain(question)))?.[1];
  const docs = kind && done.some((d) => d.kind === kind) ? done.filter((d) => d.kind === kind) : done;
  const t = targetsOf(question);
  const analytes = analytesIn(question);
  // words of the question that name a gene or a laboratory test ("creatinine", "CEA")
  const words = [...t.genes, ...(question.match(/[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ0-9-]{2,}/g) ?? [])].map((x) => x.toLowerCase());
  const mentions = (f: ReportFindingLike) =>
    (!!f.analyte && analytes.has(f.analyte)) || words.some((w) => [f.gene, f.partner, f.name, f.analyte].some((v) => v && v.toLowerCase() === w) || (w.length > 3 && f.source.text.toLowerCase().includes(w) && !STOP.has(w)));
  const named = words.length ? docs.flatMap((d) => d.findings.filter(mentions).map((f) => ({ d, f }))) : [];
  const picked = named.length ? named : t.genes.length ? [] : docs.flatMap((d) => d.findings.filter((f) => f.status !== 'rejected').map((f) => ({ d, f })));
  if (!picked.length) return { content: say('noReportFinding', lang, { what: t.genes.join(', ') || question }), citations: [], declined: true };
  const lines = [say('reportFindings', lang, { about: named.length && t.genes.length ? say('about', lang, { what: t.genes.join(', ') }) : '' })];
  const citations: Citation[] = [];
  for (const { d, f } of picked.slice(0, 12)) {
    citations.push({ kind: 'document', id: `${d.id}#${f.id}`, documentId: d.id, page: f.source.page, patientId: s.patient.id, label: cut(`${d.name} · ${say('page', lang, { page: f.source.page })}`, 120) });
    lines.push(`- [${citations.length}] ${d.name}, ${say('page', lang, { page: f.source.page })}: “${cut(f.source.text, 200)}” (${say(f.status, lang)})`);
  }
  return { content: lines.join('\n'), citations };
}
/** The kind of report a question names. */
const REPORT_KIND: Array<[RegExp, 'ngs' | 'lab']> = [
  [/\bngs\b|\bsequencing\b|\bsecuenciacion\b|\bsequenziamento\b|\bgenomic\w*|\bgenomic[oa]s?\b|\bgenomic[oi]\b|\bmolecular\b|\bmolecolare\b|\bfoundation\w*|\bpanel\b|\bpannello\b/i, 'ngs'],
  [/\blabs?\b|\blaborator\w*|\bblood (?:tests?|work|counts?)\b|\bbloods\b|\banal[ií]tica\b|\besami (?:del sangue|ematici|di laboratorio)\b|\bchemistry\b|\bbioqu[ií]mica\b/i, 'lab'],
];

/** Laboratory tests a question names, in any of the interface languages (the shared locale names). */
const LAB_NAMES: Array<[string, string]> = Object.entries({ ...enLocale.labs }).flatMap(([key]) =>
  [enLocale, esLocale, itLocale].flatMap((l) => (l.labs as Record<string, string>)[key].split(/[/(),]/).map((n) => [plain(n).trim().toLowerCase(), key] as [string, string])).filter(([n]) => n.length >= 3),
);
function analytesIn(question: string): Set<string> {
  const q = plain(question).toLowerCase();
  return new Set(LAB_NAMES.filter(([n]) => new RegExp(`(?<![a-z])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z])`).test(q)).map(([, k]) => k));
}

type ReportFindingLike = { gene?: string; partner?: string; name?: string; analyte?: string; source: { text: string } };
const STOP = new Set(['what', 'does', 'the', 'report', 'reports', 'say', 'about', 'informe', 'informes', 'dice', 'sobre', 'referto', 'referti', 'cosa', 'dicono', 'which', 'findings', 'hallazgos', 'risultati', 'patient', 'paciente', 'paziente', 'this', 'that', 'qué', 'del', 'los', 'las', 'gli', 'dei', 'della', 'with', 'from']);

export function patient(s: ChatSources, lang: Lang): Answer {
  if (!s.patient) return decline(lang, 'needPatient');
  const rows = patientSummary(s.patient.data, lang);
  return { content: [say('patient', lang, { name: s.patient.name }), ...rows.map((r) => `- ${r.label}: ${r.value}`)].join('\n'), citations: [patientCite(s)] };
}
