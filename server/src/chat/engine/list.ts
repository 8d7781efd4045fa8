import { isOpenSite, type Citation, type MatchedTrial, type Trial } from '@oncodesk/shared/contracts';
import type { Answer } from './answers';
import { countryIn, countryName, siteCode } from './country';
import { plain } from './intent';
import { say, type Lang } from './messages';
import { trialCite } from './retrieved';
import type { ChatSources } from './sources';

/**
 * "phase 3 trials in the list", "trials in Spain", "studi che arruolano in Italia": the folder's search
 * results filtered by what the question names — a phase, a country with an open site, recruiting — each
 * trial cited with its verdict (countries as country.ts reads them).
 */
const PHASE = /\b(?:phase|fase|ph)\s*(1|2|3|4|i{1,3}|iv)\b/i;
const RECRUITING = /\brecruit\w*|\breclut\w*|\barruol\w*|\bopen (?:to enrol\w*|trials?)\b|\babiertos?\b|\baperti\b/i;
const ROMAN: Record<string, string> = { i: '1', ii: '2', iii: '3', iv: '4' };

export async function listFiltered(question: string, s: ChatSources, lang: Lang): Promise<Answer | null> {
  if (!s.patient) return null;
  const search = await s.search();
  if (!search?.results.length) return null;
  const text = plain(question).toLowerCase();
  const p = PHASE.exec(text)?.[1];
  const phase = p ? (ROMAN[p] ?? p) : undefined;
  const recruiting = RECRUITING.test(text);
  const trials = search.results.map((m) => [m, s.trial(m.trial.id)] as const).filter((x): x is readonly [MatchedTrial, Trial] => !!x[1]);
  const code = countryIn(text);
  if (!phase && !code) return null;
  const hits = trials.filter(
    ([, t]) =>
      (!phase || t.phases.some((x) => x.split('/').includes(phase) || x === phase)) &&
      (!code || t.sites.some((x) => isOpenSite(x.status) && siteCode(x) === code)) &&
      (!recruiting || t.overallStatus === 'recruiting'),
  );
  const country = code && countryName(code, lang);
  const what = [phase && say('listPhase', lang, { phase }), country && say('listCountry', lang, { country }), recruiting && say('listRecruiting', lang)]
    .filter(Boolean)
    .join(', ');
  if (!hits.length)
    return {
      content: say('listNone', lang, { n: search.results.length, what }),
      citations: [{ kind: 'patient', id: s.patient.id, patientId: s.patient.id, label: s.patient.name }],
    };
  const citations: Citation[] = [];
  const lines = [say('listFiltered', lang, { what, count: hits.length })];
  for (const [m, t] of hits.slice(0, 10)) {
    citations.push(trialCite(t, s.patient.id));
    lines.push(`- [${citations.length}] ${t.id} · ${t.briefTitle.slice(0, 120)} — ${say(`v_${m.match.verdict}` as 'v_match', lang)}`);
  }
  if (hits.length > 10) lines.push(say('more', lang, { n: hits.length - 10 }));
  return { content: lines.join('\n'), citations };
}

/** "how many trials match", "top matches?", "cuántos ensayos encajan", "quanti studi sono compatibili": the search's verdicts counted, and its first matches. */
const MATCH_WORDS = /\bmatch\w*|\bencaj\w*|\bcompatibil\w*|\beligib\w*|\belegib\w*|\beleggibil\w*|\bqualif\w*|\bcandidat\w*|\bfit\w*/i;
const LIST_ASK =
  /\bhow many\b|\bcu[aá]nt[oa]s\b|\bquant[ie]\b|\btop\b|\bbest\b|\blist\b|\bwhich\b|\bwhat\b|\bqu[eé]\b|\bcu[aá]les\b|\bquali\b|\bmejores\b|\bmigliori\b|\belenc\w*|\blista\w*|\bmostra\w*|\bmuestra\w*|\bshow\b/i;
export const asksListSummary = (text: string) =>
  MATCH_WORDS.test(text) && LIST_ASK.test(text) && (/\bmatches\b/i.test(text) || /\btrials\b|\bstudies\b|\bensayos\b|\bestudios\b|\bstudi\b/i.test(text));

export async function listSummary(s: ChatSources, lang: Lang): Promise<Answer | null> {
  if (!s.patient) return null;
  const search = await s.search();
  if (!search?.results.length) return null;
  const by = (v: string) => search.results.filter((m) => m.match.verdict === v);
  const matches = by('match');
  const lines = [
    say('listSummary', lang, {
      search: `${search.searchKey}, ${search.createdAt.slice(0, 16).replace('T', ' ')}`,
      n: search.results.length,
      match: matches.length,
      unknown: by('unknown').length,
      no: by('no_match').length + by('not_eligible').length,
    }),
  ];
  const citations: Citation[] = [];
  const first = (matches.length ? matches : by('unknown')).slice(0, 8);
  if (first.length) lines.push(say(matches.length ? 'listFirstMatches' : 'listFirstUndecided', lang));
  for (const m of first) {
    const t = s.trial(m.trial.id);
    citations.push(trialCite(t ?? (m.trial as Trial), s.patient.id));
    lines.push(`- [${citations.length}] ${m.trial.id} · ${m.trial.briefTitle.slice(0, 120)} — ${say(`v_${m.match.verdict}` as 'v_match', lang)}`);
  }
  if (!citations.length) citations.push({ kind: 'patient', id: s.patient.id, patientId: s.patient.id, label: s.patient.name });
  return { content: lines.join('\n'), citations };
}
