import type { Citation, Trial } from '@oncodesk/shared/contracts';
import type { Answer } from './answers';
import { say, type Lang } from './messages';
import { cut } from './quote';
import { questionTerms, terms, type Passage } from './retrieval';
import { GENERIC, trialCite } from './retrieved';

/**
 * "which trials use tusamitamab ravtansine", "¿hay algún ensayo con silibinina?", "studi con olmio-166": asked with no
 * patient, the catalogue's trials whose interventions name what the question names. Read from each record's own
 * intervention names and other names (code names such as "SKB264", "166Holmium microspheres"), the question's words
 * through the same reading as retrieval (cognates, spellings), so a drug the drug vocabulary does not hold is found by
 * the record's words. A word that many interventions share ("placebo", "chemotherapy") is no name; nothing found
 * leaves the question to the other answers.
 */
interface CatalogueIndex {
  trials: Trial[];
  /** term → indexes of the trials whose interventions hold it */
  postings: Map<string, number[]>;
  vocabulary: Set<string>;
}
let cached: CatalogueIndex | null = null;
/** A name is held by few trials: a term in more than this share of the catalogue is a kind of treatment, not a name. */
const NAME_SHARE = 0.01;

const interventionText = (t: Trial) => t.interventions.map((i) => [i.name, ...(i.otherNames ?? [])].join(' ')).join('; ');

function indexOf(trials: Trial[]): CatalogueIndex {
  // the same records (a sync replaces the objects it changes): kept; an identity check of each is microseconds
  if (cached && cached.trials.length === trials.length && trials.every((t, i) => cached!.trials[i] === t)) return cached;
  const postings = new Map<string, number[]>();
  for (const [i, t] of trials.entries())
    for (const term of new Set(terms(interventionText(t)))) {
      const list = postings.get(term);
      if (list) list.push(i);
      else postings.set(term, [i]);
    }
  cached = { trials, postings, vocabulary: new Set(postings.keys()) };
  return cached;
}

export function catalogueTrialsUsing(question: string, trials: Trial[], lang: Lang): Answer | null {
  if (!trials.length) return null;
  const index = indexOf(trials);
  const max = Math.max(3, Math.ceil(trials.length * NAME_SHARE));
  // no passages for reading abbreviations by initials: the catalogue's interventions are names, not phrases
  const noPassages: Passage[] = [];
  const asked = questionTerms(question, noPassages, index.vocabulary).filter((t) => !GENERIC.has(t) && (index.postings.get(t)?.length ?? 0) > 0);
  const names = asked.filter((t) => index.postings.get(t)!.length <= max);
  if (!names.length) return null;
  // trials ranked by the names they hold, the rarer first (inverse document frequency)
  const score = new Map<number, number>();
  for (const t of names) for (const i of index.postings.get(t)!) score.set(i, (score.get(i) ?? 0) + Math.log(trials.length / index.postings.get(t)!.length));
  const hits = [...score].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const citations: Citation[] = [];
  const lines = [say('catalogueUsing', lang, { count: hits.length })];
  for (const [i] of hits.slice(0, 10)) {
    const t = trials[i];
    citations.push(trialCite(t));
    lines.push(`- [${citations.length}] ${t.id} · ${cut(t.briefTitle, 100)} — ${cut(interventionText(t), 160)}`);
  }
  return { content: lines.join('\n'), citations };
}
