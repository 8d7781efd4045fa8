import { isOpenSite, type Citation, type Trial } from '@oncodesk/shared/contracts';
import { haversineKm } from '../../geo/distance';
import type { Answer } from './answers';
import { plain } from './intent';
import { say, type Lang } from './messages';
import { trialCite } from './retrieved';
import type { ChatSources } from './sources';

/**
 * "trials near her", "¿ensayos cerca de la paciente?", "studi più vicini": the open sites of the patient's
 * listed trials ranked by distance from the location the record holds (great-circle distance, the same the
 * search's radius uses). A record with a place but no map position gets the sites in that country; a record
 * with no location says so (unknown), with the countries the listed trials recruit in — never a guessed place.
 */
export const NEAR =
  /\bnear(?:est|by|er)?\b|\bclosest\b|\bclose to\b|\bcerca(?:no|na|nos|nas)?\b|\bmas cercan\w*|\bpr[oó]xim[oa]s? a\b|\bvicin[oiae]\b|\bpiu vicin\w*|\bdistance\b|\bdistancia\b|\bdistanza\b|\bkm\b/i;
/** A question about the list rather than one trial ("trials near her" while a trial is in focus). */
export const PLURAL_TRIALS = /\btrials\b|\bstudies\b|\bensayos\b|\bestudios\b|\bstudi\b|\bsperimentazioni\b/i;

const place = (x: Trial['sites'][number]) => [x.name, x.address.city, x.address.country].filter(Boolean).join(', ');

export async function nearSites(s: ChatSources, lang: Lang): Promise<Answer | null> {
  if (!s.patient) return null;
  const search = await s.search();
  if (!search?.results.length) return null;
  // trials the patient may still enter first; a list of only ruled-out trials is still the list
  const open = search.results.filter((m) => m.match.verdict !== 'no_match' && m.match.verdict !== 'not_eligible');
  const listed = (open.length ? open : search.results).map((m) => s.trial(m.trial.id)).filter((t): t is Trial => !!t);
  const loc = s.patient.data.location;
  const patientId = s.patient.id;
  const citations: Citation[] = [];
  const cite = (t: Trial) => {
    const n = citations.findIndex((c) => c.kind === 'trial' && c.id === t.id);
    return n >= 0 ? n + 1 : citations.push(trialCite(t, patientId));
  };
  if (loc?.point) {
    const point = loc.point;
    const near = listed
      .flatMap((t) => t.sites.filter((x) => x.point && isOpenSite(x.status)).map((x) => ({ t, x, km: haversineKm(point, x.point!) })))
      .sort((a, b) => a.km - b.km)
      .slice(0, 8);
    if (near.length) {
      const where = [loc.city, loc.country].filter(Boolean).join(', ') || `${point.lat.toFixed(2)}, ${point.lon.toFixed(2)}`;
      const lines = [say('nearSites', lang, { where })];
      for (const n of near) lines.push(`- [${cite(n.t)}] ${n.t.id} · ${place(n.x)} — ${Math.round(n.km)} km`);
      return { content: lines.join('\n'), citations };
    }
  }
  const pc: Citation = { kind: 'patient', id: patientId, patientId, label: s.patient.name };
  const country = loc?.country ?? loc?.countryCode;
  if (country) {
    const same = (x: Trial['sites'][number]) =>
      plain(x.address.country ?? '').toLowerCase() === plain(country).toLowerCase() || (!!loc?.countryCode && x.address.countryCode === loc.countryCode);
    const inCountry = listed.flatMap((t) => t.sites.filter((x) => isOpenSite(x.status) && same(x)).map((x) => ({ t, x }))).slice(0, 8);
    citations.push(pc);
    const lines = [say('nearNoPoint', lang, { where: country })];
    for (const n of inCountry) lines.push(`- [${cite(n.t)}] ${n.t.id} · ${place(n.x)}`);
    return { content: lines.join('\n'), citations };
  }
  // no location: what the list does say, by country
  citations.push(pc);
  const byCountry = new Map<string, Set<string>>();
  for (const t of listed)
    for (const x of t.sites.filter((y) => isOpenSite(y.status) && y.address.country)) {
      if (!byCountry.has(x.address.country!)) byCountry.set(x.address.country!, new Set());
      byCountry.get(x.address.country!)!.add(t.id);
    }
  const lines = [say('nearNoLocation', lang)];
  for (const [c, ids] of [...byCountry].sort((a, b) => b[1].size - a[1].size).slice(0, 8)) lines.push(`- ${c}: ${say('trialsCount', lang, { n: ids.size })}`);
  return { content: lines.join('\n'), citations };
}
