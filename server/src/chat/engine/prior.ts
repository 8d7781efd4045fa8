import { PatientData, treatmentName, type Citation } from '@oncodesk/shared/contracts';
import { patientSummary } from '../../patients/summary';
import { drugClasses, normalizeDrug } from '../../vocab/drugKnowledge';
import type { Answer } from './answers';
import { plain } from './intent';
import { say, type Lang } from './messages';
import { drugsIn } from './options';
import type { ChatSources } from './sources';

/**
 * "qué inhibidores de CDK4/6 recibió", "has she had pembro before", "ha già fatto un anti-PD-1": a drug or
 * class asked about as something the patient received is answered from the record's prior treatments (by
 * drug, or by the drug classes each belongs to) — a class is a treatment, never read as the patient's gene —
 * and, when none is of it, with what the record does hold. Cited to the patient.
 */
const RECEIVED =
  /\b(?:received?|had|got|gotten|given|taken|prior|previous(?:ly)?|before|already|recibi\w*|recibido|tuvo|tomo|tomado|previ[oa]s?|antes|ya|ricevut\w*|fatto|preso|precedent\w*|gia|prima)\b/i;

/** Words for treatments in general. */
const TREATMENT =
  /\b(?:drugs?|meds|medications?|treatments?|therap(?:y|ies)|tx|farmac\w*|medicament\w*|tratamient\w*|trattament\w*|terapi\w*|chemo\w*|quimio\w*|chemio\w*)\b/i;

export function priorTreatments(question: string, s: ChatSources, lang: Lang): Answer | null {
  if (!s.patient || !RECEIVED.test(plain(question))) return null;
  const { drugs, classes } = drugsIn(question);
  const given = s.patient.data.priorTreatments;
  // "che farmaci ha fatto", "what treatments has she had": the record's prior treatments with their course, as the summary writes them
  if (!drugs.length && !classes.length) {
    if (!TREATMENT.test(plain(question))) return null;
    const row = patientSummary(PatientData.parse({ priorTreatments: given }), lang)[0];
    return {
      content: row ? `- [1] ${row.label}: ${row.value}` : say('priorNothing', lang),
      citations: [{ kind: 'patient', id: s.patient.id, patientId: s.patient.id, label: s.patient.name }],
    };
  }
  const of = (name: string, own: string[] = []) => {
    const generic = normalizeDrug(name) ?? name.toLowerCase();
    return drugs.includes(generic) || [...own, ...drugClasses(generic)].some((c) => classes.includes(c));
  };
  const hits = given.filter((t) => of(t.name, t.classes));
  const citations: Citation[] = [{ kind: 'patient', id: s.patient.id, patientId: s.patient.id, label: s.patient.name }];
  const named = (list: typeof given) => [...new Set(list.map((t) => treatmentName(t.name, lang)))].join(', ');
  // a drug the record names otherwise ("leuprorelin" for "leuprolide") says its generic name too, whether it was asked by
  // that name or by its class ("ovarian suppression"): the same drug, not another
  const asked = (t: (typeof given)[number]) => {
    const generic = normalizeDrug(t.name) ?? t.name.toLowerCase();
    const name = treatmentName(t.name, lang);
    return !name.toLowerCase().includes(generic) ? `${name} (${generic})` : name;
  };
  if (hits.length) return { content: `${say('priorOf', lang)}\n- [1] ${[...new Set(hits.map(asked))].join(', ')}`, citations };
  return { content: given.length ? say('priorNone', lang, { list: named(given) }) : say('priorNothing', lang), citations };
}
