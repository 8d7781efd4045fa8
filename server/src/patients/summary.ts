import type { PatientData } from '@oncodesk/shared/contracts';

export type Lang = 'en' | 'es' | 'it';

const L = {
  en: { age: 'Age', gender: 'Gender', diagnosis: 'Diagnosis', stage: 'Stage', ecog: 'ECOG', metastatic: 'Metastatic', sites: 'Metastasis sites', alterations: 'Genomic alterations', treatments: 'Prior treatments', tmb: 'TMB', comorbidities: 'Comorbidities', location: 'Location', yes: 'yes', no: 'no', male: 'male', female: 'female', other: 'other' },
  es: { age: 'Edad', gender: 'Sexo', diagnosis: 'Diagnóstico', stage: 'Estadio', ecog: 'ECOG', metastatic: 'Metastásico', sites: 'Sitios de metástasis', alterations: 'Alteraciones genómicas', treatments: 'Tratamientos previos', tmb: 'TMB', comorbidities: 'Comorbilidades', location: 'Ubicación', yes: 'sí', no: 'no', male: 'hombre', female: 'mujer', other: 'otro' },
  it: { age: 'Età', gender: 'Sesso', diagnosis: 'Diagnosi', stage: 'Stadio', ecog: 'ECOG', metastatic: 'Metastatico', sites: 'Sedi di metastasi', alterations: 'Alterazioni genomiche', treatments: 'Trattamenti precedenti', tmb: 'TMB', comorbidities: 'Comorbidità', location: 'Luogo', yes: 'sì', no: 'no', male: 'uomo', female: 'donna', other: 'altro' },
} as const;

/** The patient record as label/value lines (exports, print view, blurbs); only what is known. */
export function patientSummary(p: PatientData, lang: Lang = 'en'): Array<{ label: string; value: string }> {
  const l = L[lang];
  const out: Array<{ label: string; value: string }> = [];
  const add = (label: string, value: string | undefined) => value && out.push({ label, value });
  add(l.diagnosis, p.diagnosisText ? `${p.diagnosisText}${p.oncotreeCode ? ` (${p.oncotreeCode})` : ''}` : p.oncotreeCode);
  add(l.age, p.age?.toString());
  add(l.gender, p.gender && l[p.gender]);
  add(l.stage, p.stage);
  add(l.ecog, p.ecog?.toString());
  add(l.metastatic, p.metastatic === undefined ? undefined : p.metastatic ? l.yes : l.no);
  add(l.sites, p.metastasisSites.join(', ') || undefined);
  add(l.alterations, p.alterations.map((a) => [a.gene, a.proteinChange].filter(Boolean).join(' ')).join(', ') || undefined);
  add(l.treatments, p.priorTreatments.map((t) => t.name).join(', ') || undefined);
  add(l.tmb, p.tmb?.toString());
  add(l.comorbidities, p.comorbidities.join(', ') || undefined);
  add(l.location, [p.location?.city, p.location?.region, p.location?.country].filter(Boolean).join(', ') || undefined);
  return out;
}
