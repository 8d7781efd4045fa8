import { GLEASON_OF_GRADE_GROUP, diseaseName, treatmentName, type PatientData, type PriorTreatment } from '@oncodesk/shared/contracts';
import { regimens } from '../survey/lists';

export type Lang = 'en' | 'es' | 'it';

const L = {
  en: { age: 'Age', gender: 'Gender', diagnosis: 'Diagnosis', stage: 'Stage', ecog: 'ECOG', metastatic: 'Metastatic', sites: 'Metastasis sites', alterations: 'Genomic alterations', treatments: 'Prior treatments', tmb: 'TMB', comorbidities: 'Comorbidities', location: 'Location', gleason: 'Gleason score', gradeGroup: 'ISUP grade group', grade: 'Tumour grade', low: 'low grade', high: 'high grade', yes: 'yes', no: 'no', male: 'male', female: 'female', other: 'other' },
  es: { age: 'Edad', gender: 'Sexo', diagnosis: 'Diagnóstico', stage: 'Estadio', ecog: 'ECOG', metastatic: 'Metastásico', sites: 'Sitios de metástasis', alterations: 'Alteraciones genómicas', treatments: 'Tratamientos previos', tmb: 'TMB', comorbidities: 'Comorbilidades', location: 'Ubicación', gleason: 'Puntuación de Gleason', gradeGroup: 'grupo de grado ISUP', grade: 'Grado tumoral', low: 'bajo grado', high: 'alto grado', yes: 'sí', no: 'no', male: 'hombre', female: 'mujer', other: 'otro' },
  it: { age: 'Età', gender: 'Sesso', diagnosis: 'Diagnosi', stage: 'Stadio', ecog: 'ECOG', metastatic: 'Metastatico', sites: 'Sedi di metastasi', alterations: 'Alterazioni genomiche', treatments: 'Trattamenti precedenti', tmb: 'TMB', comorbidities: 'Comorbidità', location: 'Luogo', gleason: 'Punteggio di Gleason', gradeGroup: 'gruppo di grado ISUP', grade: 'Grado del tumore', low: 'basso grado', high: 'alto grado', yes: 'sì', no: 'no', male: 'uomo', female: 'donna', other: 'altro' },
} as const;

/** Words of a treatment's course, per language. */
const COURSE = {
  en: { neoadjuvant: 'neoadjuvant', adjuvant: 'adjuvant', metastatic: 'metastatic', line: 'line {n}', complete: 'complete response', partial: 'partial response', stable: 'stable disease', progression: 'progressive disease', progressed: 'progressed', notProgressed: 'no progression' },
  es: { neoadjuvant: 'neoadyuvante', adjuvant: 'adyuvante', metastatic: 'metastásico', line: 'línea {n}', complete: 'respuesta completa', partial: 'respuesta parcial', stable: 'enfermedad estable', progression: 'enfermedad en progresión', progressed: 'progresó', notProgressed: 'sin progresión' },
  it: { neoadjuvant: 'neoadiuvante', adjuvant: 'adiuvante', metastatic: 'metastatico', line: 'linea {n}', complete: 'risposta completa', partial: 'risposta parziale', stable: 'malattia stabile', progression: 'malattia in progressione', progressed: 'progredita', notProgressed: 'senza progressione' },
} as const;
const regimenLabel = new Map(regimens.map((r) => [r.key as string, r.label]));

/**
 * Prior treatments as a clinician writes them: a regimen once (not its drugs one by one), each with its
 * course where known, e.g. "FOLFIRI (…) (metastatic, line 1, partial response, progressed)".
 */
function treatmentsText(list: PriorTreatment[], lang: Lang): string {
  const w = COURSE[lang];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of list) {
    const name = t.regimen ? (regimenLabel.get(t.regimen)?.[lang] ?? t.regimen) : treatmentName(t.name, lang);
    if (seen.has(name)) continue;
    seen.add(name);
    const course = [
      t.setting && w[t.setting],
      t.line !== undefined && w.line.replace('{n}', String(t.line)),
      t.bestResponse && w[t.bestResponse],
      t.progressed === undefined ? undefined : t.progressed ? w.progressed : w.notProgressed,
    ].filter(Boolean);
    out.push(course.length ? `${name} (${course.join(', ')})` : name);
  }
  return out.join('; ');
}

/** The patient record as label/value lines (exports, print view, blurbs); only what is known. */
export function patientSummary(p: PatientData, lang: Lang = 'en'): Array<{ label: string; value: string }> {
  const l = L[lang];
  const out: Array<{ label: string; value: string }> = [];
  const add = (label: string, value: string | undefined) => value && out.push({ label, value });
  // OncoTree's name is English; the reader's language when a standard term is known (diseaseNames.ts)
  const diagnosis = p.oncotreeCode ? diseaseName(p.oncotreeCode, lang, p.diagnosisText) : p.diagnosisText;
  add(l.diagnosis, diagnosis ? `${diagnosis}${p.oncotreeCode ? ` (${p.oncotreeCode})` : ''}` : p.oncotreeCode);
  add(l.age, p.age?.toString());
  add(l.gender, p.gender && l[p.gender]);
  add(l.stage, p.stage);
  if (p.gleasonGradeGroup) {
    const [lo, hi] = GLEASON_OF_GRADE_GROUP[p.gleasonGradeGroup];
    add(l.gleason, `${lo === hi ? lo : `${lo}–${hi}`} (${l.gradeGroup} ${p.gleasonGradeGroup})`);
  }
  add(l.grade, p.tumorGrade && l[p.tumorGrade]);
  add(l.ecog, p.ecog?.toString());
  add(l.metastatic, p.metastatic === undefined ? undefined : p.metastatic ? l.yes : l.no);
  add(l.sites, p.metastasisSites.join(', ') || undefined);
  add(l.alterations, p.alterations.map((a) => [a.gene, a.proteinChange].filter(Boolean).join(' ')).join(', ') || undefined);
  add(l.treatments, treatmentsText(p.priorTreatments, lang) || undefined);
  add(l.tmb, p.tmb?.toString());
  add(l.comorbidities, p.comorbidities.join(', ') || undefined);
  add(l.location, [p.location?.city, p.location?.region, p.location?.country].filter(Boolean).join(', ') || undefined);
  return out;
}
