import type { PatientData, Trial, TrialMatchResult } from '@oncodesk/shared/contracts';
import { decidesAlone } from '@oncodesk/shared/contracts';
import { groupAlternatives } from './matcher/verdict';
import type { Lang } from '../patients/summary';

const T = {
  en: {
    phase: (p: string) => `a phase ${p} study`,
    study: 'a study',
    intro: (title: string, kind: string, status: string) => `"${title}" is ${kind} that is currently ${status}.`,
    tests: (x: string) => `It tests ${x}.`,
    forPatient: (who: string) => `For this patient (${who}):`,
    counts: (m: number, n: number, u: number) =>
      `${m} eligibility ${m === 1 ? 'criterion appears' : 'criteria appear'} to be met, ${n} ${n === 1 ? 'appears' : 'appear'} not to be met and ${u} could not be decided from the record.`,
    notDeciding: (n: number) =>
      n === 1
        ? 'Of those not met, 1 applies only to some patients (one cohort or part, a condition, an alternative) or was read with less certainty, and does not decide alone.'
        : `Of those not met, ${n} apply only to some patients (one cohort or part, a condition, an alternative) or were read with less certainty, and do not decide alone.`,
    blocking: (s: string) => `The main obstacle: ${s}`,
    toCheck: (s: string) => `To check (for some patients only): ${s}`,
    site: (name: string, km: number) => `The nearest recruiting site is ${name}, about ${km} km away.`,
    noSite: 'No recruiting site with known coordinates was found.',
    disclaimer: 'This summary is generated from the record and the trial text; it is not medical advice. Confirm eligibility with the study team.',
    status: { recruiting: 'recruiting', not_yet_recruiting: 'not yet recruiting', other: 'not recruiting', unknown: 'of unknown status' },
    years: 'years old',
  },
  es: {
    phase: (p: string) => `un estudio de fase ${p}`,
    study: 'un estudio',
    intro: (title: string, kind: string, status: string) => `"${title}" es ${kind} que actualmente está ${status}.`,
    tests: (x: string) => `Evalúa ${x}.`,
    forPatient: (who: string) => `Para este paciente (${who}):`,
    counts: (m: number, n: number, u: number) =>
      `${m} ${m === 1 ? 'criterio de elegibilidad parece' : 'criterios de elegibilidad parecen'} cumplirse, ${n} ${n === 1 ? 'parece' : 'parecen'} no cumplirse y ${u} no se ${u === 1 ? 'pudo' : 'pudieron'} decidir con el registro.`,
    notDeciding: (n: number) =>
      n === 1
        ? 'De los no cumplidos, 1 se aplica solo a algunos pacientes (una cohorte o parte, una condición, una alternativa) o se leyó con menor certeza, y no decide por sí solo.'
        : `De los no cumplidos, ${n} se aplican solo a algunos pacientes (una cohorte o parte, una condición, una alternativa) o se leyeron con menor certeza, y no deciden por sí solos.`,
    blocking: (s: string) => `El principal obstáculo: ${s}`,
    toCheck: (s: string) => `Para comprobar (solo para algunos pacientes): ${s}`,
    site: (name: string, km: number) => `El centro reclutando más cercano es ${name}, a unos ${km} km.`,
    noSite: 'No se encontró ningún centro reclutando con coordenadas conocidas.',
    disclaimer:
      'Este resumen se genera a partir del registro y del texto del ensayo; no es consejo médico. Confirme la elegibilidad con el equipo del estudio.',
    status: { recruiting: 'reclutando', not_yet_recruiting: 'aún sin reclutar', other: 'sin reclutar', unknown: 'en estado desconocido' },
    years: 'años',
  },
  it: {
    phase: (p: string) => `uno studio di fase ${p}`,
    study: 'uno studio',
    intro: (title: string, kind: string, status: string) => `"${title}" è ${kind} attualmente ${status}.`,
    tests: (x: string) => `Valuta ${x}.`,
    forPatient: (who: string) => `Per questo paziente (${who}):`,
    counts: (m: number, n: number, u: number) =>
      `${m} ${m === 1 ? 'criterio di eleggibilità sembra soddisfatto' : 'criteri di eleggibilità sembrano soddisfatti'}, ${n} ${n === 1 ? 'sembra non soddisfatto' : 'sembrano non soddisfatti'} e ${u} non si ${u === 1 ? 'può' : 'possono'} decidere dai dati.`,
    notDeciding: (n: number) =>
      n === 1
        ? "Dei non soddisfatti, 1 vale solo per alcuni pazienti (una coorte o parte, una condizione, un'alternativa) o è stato letto con minore certezza, e non decide da solo."
        : `Dei non soddisfatti, ${n} valgono solo per alcuni pazienti (una coorte o parte, una condizione, un'alternativa) o sono stati letti con minore certezza, e non decidono da soli.`,
    blocking: (s: string) => `L'ostacolo principale: ${s}`,
    toCheck: (s: string) => `Da verificare (solo per alcuni pazienti): ${s}`,
    site: (name: string, km: number) => `Il centro che recluta più vicino è ${name}, a circa ${km} km.`,
    noSite: 'Nessun centro che recluta con coordinate note.',
    disclaimer:
      'Questo riassunto è generato dai dati e dal testo dello studio; non è un consiglio medico. Confermare l’eleggibilità con il gruppo dello studio.',
    status: { recruiting: 'in reclutamento', not_yet_recruiting: 'non ancora in reclutamento', other: 'non in reclutamento', unknown: 'in stato sconosciuto' },
    years: 'anni',
  },
} as const;

const clip = (s: string, n = 220) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/**
 * A plain-language summary of one trial for one patient, assembled from the trial record and the
 * match explanation (deterministic templates; no generated medical content).
 */
export function trialBlurb(trial: Trial, match: TrialMatchResult, patient: PatientData, lang: Lang = 'en'): string {
  const t = T[lang];
  const phases = trial.phases.filter((p) => p !== 'na').map((p) => (p === 'early_1' ? '1' : p));
  const kind = phases.length ? t.phase(phases.join('/')) : t.study;
  const st = trial.overallStatus;
  const status = st === 'recruiting' || st === 'not_yet_recruiting' || st === 'unknown' ? t.status[st] : t.status.other;
  const parts = [t.intro(trial.briefTitle, kind, status)];
  const drugs = trial.interventions.slice(0, 3).map((i) => i.name);
  if (drugs.length) parts.push(t.tests(drugs.join(', ')));
  const who = [
    patient.age !== undefined ? `${patient.age} ${t.years}` : '',
    patient.diagnosisText ?? patient.oncotreeCode ?? '',
    patient.stage ? `${patient.stage}` : '',
    ...patient.alterations.slice(0, 2).map((a) => `${a.gene} ${a.proteinChange ?? ''}`.trim()),
  ]
    .filter(Boolean)
    .join(', ');
  parts.push(t.forPatient(who || '—'));
  parts.push(t.counts(match.counts.match, match.counts.no_match, match.counts.unknown));
  if (match.counts.not_deciding) parts.push(t.notDeciding(match.counts.not_deciding));
  // the obstacle is a criterion that decides alone; one that applies to some patients only is to check
  // alternatives of one sentence count as one ("exon 19 deletion or L858R" is no obstacle for an L858R patient)
  const unmet = groupAlternatives(match.results).filter((r) => r.status === 'no_match');
  const blocker = unmet.find((r) => decidesAlone(r));
  if (blocker) parts.push(t.blocking(clip(blocker.source)));
  else if (unmet.length) parts.push(t.toCheck(clip(unmet[0].source)));
  parts.push(match.nearestSite ? t.site(match.nearestSite.name, Math.round(match.nearestSite.distanceKm)) : t.noSite);
  parts.push(t.disclaimer);
  return parts.join(' ');
}
