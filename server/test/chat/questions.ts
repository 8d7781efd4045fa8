/**
 * The assistant's question set: what clinicians ask most, in English, Spanish and Italian, over the shared
 * trials and the demo workspace's patients (lung EGFR after erlotinib, colon BRAF V600E MSI-high, breast
 * HR+/HER2− from mCODE). Each answerable question names the sources a right answer must cite and what it
 * must say; the unanswerable ones must be declined. Used by test/chat/questions.test.ts and bench:chat.
 */
import type { CitationKind } from '@oncodesk/shared/contracts';

export interface ChatQuestion {
  id: string;
  lang: 'en' | 'es' | 'it';
  folder: 'lung' | 'colon' | 'breast' | null;
  /** The conversation was opened on this trial ("Ask about this trial"). */
  trialId?: string;
  q: string;
  cites?: Array<{ kind: CitationKind; id?: string }>;
  says?: RegExp[];
  unanswerable?: true;
}

const T = (id: string) => ({ kind: 'trial' as const, id });
const crit = { kind: 'criterion' as const };
const pat = { kind: 'patient' as const };
const doc = { kind: 'document' as const };
const gl = { kind: 'guideline' as const };
const ev = { kind: 'evidence' as const };

export const QUESTIONS: ChatQuestion[] = [
  // why a trial matches or not, criterion by criterion
  { id: 'why-1', lang: 'en', folder: 'lung', trialId: 'NCT02151981', q: 'Why does this trial match or not match this patient?', cites: [T('NCT02151981'), crit, pat], says: [/NCT02151981/, /met/, /erlotinib/i] },
  { id: 'why-2', lang: 'en', folder: 'lung', q: 'Why does NCT02997501 match?', cites: [T('NCT02997501'), crit], says: [/NCT02997501/, /met/] },
  { id: 'why-3', lang: 'es', folder: 'lung', q: '¿Por qué encaja NCT02151981 con este paciente?', cites: [T('NCT02151981'), crit], says: [/cumplidos/] },
  { id: 'why-4', lang: 'it', folder: 'lung', trialId: 'NCT02151981', q: 'Perché questo studio è compatibile o no?', cites: [T('NCT02151981'), crit], says: [/soddisfatti/] },
  { id: 'why-5', lang: 'en', folder: 'colon', q: 'Why does NCT02788279 match this patient?', cites: [T('NCT02788279'), crit, pat], says: [/NCT02788279/] },
  { id: 'why-6', lang: 'es', folder: 'colon', trialId: 'NCT00252564', q: '¿Por qué el paciente cumple o no este ensayo?', cites: [T('NCT00252564'), crit], says: [/NCT00252564/, /cumplidos/] },
  { id: 'why-7', lang: 'it', folder: 'colon', q: 'Perché NCT00500292 non è compatibile?', cites: [T('NCT00500292'), crit], says: [/NCT00500292/] },
  { id: 'why-8', lang: 'en', folder: 'breast', q: 'Why does NCT03781063 match?', cites: [T('NCT03781063'), crit], says: [/NCT03781063/] },
  { id: 'why-9', lang: 'es', folder: 'breast', q: '¿Por qué NCT00570921 encaja?', cites: [T('NCT00570921'), crit], says: [/NCT00570921/] },
  { id: 'why-10', lang: 'it', folder: 'breast', trialId: 'NCT03326674', q: 'Perché la paziente è idonea o no a questo studio?', cites: [T('NCT03326674'), crit], says: [/NCT03326674/] },
  { id: 'why-11', lang: 'en', folder: 'lung', trialId: 'NCT00716456', q: "Why doesn't she qualify for it?", cites: [T('NCT00716456'), crit], says: [/NCT00716456/] },
  { id: 'why-12', lang: 'en', folder: 'colon', q: 'Is the patient eligible for NCT02188264? Why?', cites: [T('NCT02188264'), crit], says: [/NCT02188264/] },

  // inclusion / exclusion criteria
  { id: 'crit-1', lang: 'en', folder: 'lung', q: 'What are the inclusion criteria of NCT02151981?', cites: [T('NCT02151981'), crit], says: [/Inclusion criteria of NCT02151981/, /NSCLC/] },
  { id: 'crit-2', lang: 'en', folder: 'lung', trialId: 'NCT02151981', q: 'List the exclusion criteria of this trial.', cites: [T('NCT02151981'), crit], says: [/Exclusion criteria/, /EGFR-TKI|EGFR TKI/i] },
  { id: 'crit-3', lang: 'es', folder: 'colon', q: '¿Cuáles son los criterios de inclusión de NCT00252564?', cites: [T('NCT00252564'), crit], says: [/Criterios de inclusión/] },
  { id: 'crit-4', lang: 'es', folder: 'colon', trialId: 'NCT02788279', q: '¿Qué criterios de exclusión tiene este ensayo?', cites: [T('NCT02788279'), crit], says: [/Criterios de exclusión/] },
  { id: 'crit-5', lang: 'it', folder: 'breast', q: 'Quali sono i criteri di inclusione di NCT03781063?', cites: [T('NCT03781063'), crit], says: [/Criteri di inclusione/] },
  { id: 'crit-6', lang: 'it', folder: 'breast', trialId: 'NCT00570921', q: 'Quali sono i criteri di esclusione di questo studio?', cites: [T('NCT00570921'), crit], says: [/Criteri di esclusione/] },
  { id: 'crit-7', lang: 'en', folder: 'breast', q: 'What are the eligibility criteria for NCT03326674?', cites: [T('NCT03326674'), crit], says: [/criteria of NCT03326674/] },
  { id: 'crit-8', lang: 'en', folder: null, q: 'What are the exclusion criteria of NCT00500292?', cites: [T('NCT00500292'), crit], says: [/Exclusion criteria of NCT00500292/] },
  { id: 'crit-9', lang: 'es', folder: 'lung', q: 'Requisitos de inclusión de NCT02997501', cites: [T('NCT02997501'), crit], says: [/NCT02997501/] },

  // sites
  { id: 'sites-1', lang: 'en', folder: 'colon', q: 'Where are the sites of NCT00252564?', cites: [T('NCT00252564')], says: [/Sites of NCT00252564 \(82/, /United States/] },
  { id: 'sites-2', lang: 'es', folder: 'colon', q: '¿Dónde están los centros de NCT00500292?', cites: [T('NCT00500292')], says: [/Centros de NCT00500292/, /France|Hungary/] },
  { id: 'sites-3', lang: 'it', folder: 'colon', q: 'Dove sono i centri di NCT00500292?', cites: [T('NCT00500292')], says: [/Centri di NCT00500292 \(15/] },
  { id: 'sites-4', lang: 'en', folder: 'breast', trialId: 'NCT03781063', q: 'Which hospitals run this trial?', cites: [T('NCT03781063')], says: [/Mayo Clinic|City of Hope/] },
  { id: 'sites-5', lang: 'en', folder: 'breast', q: 'Nearest sites for NCT03326674?', cites: [T('NCT03326674')], says: [/NCT03326674/, /United States/] },
  { id: 'sites-6', lang: 'en', folder: 'lung', q: 'Where is NCT02151981 recruiting?', cites: [T('NCT02151981')], says: [/lists no sites/] },

  // arms and interventions
  { id: 'arms-1', lang: 'en', folder: 'lung', q: 'What are the arms of NCT02151981?', cites: [T('NCT02151981')], says: [/osimertinib/i] },
  { id: 'arms-2', lang: 'es', folder: 'colon', q: '¿Qué intervenciones tiene NCT02788279?', cites: [T('NCT02788279')], says: [/cobimetinib/, /regorafenib/] },
  { id: 'arms-3', lang: 'it', folder: 'breast', q: 'Quali sono i bracci di NCT00570921?', cites: [T('NCT00570921')], says: [/everolimus/, /fulvestrant/] },
  { id: 'arms-4', lang: 'en', folder: 'colon', trialId: 'NCT00252564', q: 'What interventions does this trial test?', cites: [T('NCT00252564')], says: [/Bevacizumab/, /Oxaliplatin/] },
  { id: 'arms-5', lang: 'en', folder: 'colon', q: 'What drugs does NCT00500292 use?', cites: [T('NCT00500292')], says: [/Vandetanib/] },
  { id: 'arms-6', lang: 'es', folder: 'breast', trialId: 'NCT03326674', q: '¿Qué brazos tiene este ensayo?', cites: [T('NCT03326674')], says: [/Tesetaxel/, /Capecitabine/] },

  // phase
  { id: 'phase-1', lang: 'en', folder: 'colon', q: 'What phase is NCT00252564?', cites: [T('NCT00252564')], says: [/phase 3/] },
  { id: 'phase-2', lang: 'es', folder: 'colon', q: '¿Qué fase tiene NCT00500292?', cites: [T('NCT00500292')], says: [/fase 2/] },
  { id: 'phase-3', lang: 'it', folder: 'lung', q: 'Di che fase è NCT02151981?', cites: [T('NCT02151981')], says: [/fase 3/] },
  { id: 'phase-4', lang: 'en', folder: 'breast', trialId: 'NCT03326674', q: 'Which phase is this study in?', cites: [T('NCT03326674')], says: [/phase 3/] },
  { id: 'phase-5', lang: 'en', folder: 'lung', q: 'What phase is NCT00716456?', cites: [T('NCT00716456')], says: [/phase 1\/2/] },
  { id: 'phase-6', lang: 'it', folder: 'breast', q: 'Fase di NCT03781063?', cites: [T('NCT03781063')], says: [/non indica la fase/, /in arruolamento/] },

  // sponsor
  { id: 'sponsor-1', lang: 'en', folder: 'colon', q: 'Who is the sponsor of NCT00252564?', cites: [T('NCT00252564')], says: [/US Oncology Research/] },
  { id: 'sponsor-2', lang: 'es', folder: 'colon', q: '¿Quién es el promotor de NCT00500292?', cites: [T('NCT00500292')], says: [/Genzyme/] },
  { id: 'sponsor-3', lang: 'it', folder: 'breast', q: 'Chi è il promotore di NCT03326674?', cites: [T('NCT03326674')], says: [/Odonate/] },
  { id: 'sponsor-4', lang: 'en', folder: 'colon', trialId: 'NCT00501410', q: 'Who sponsors this trial?', cites: [T('NCT00501410')], says: [/M\.D\. Anderson/] },
  { id: 'sponsor-5', lang: 'en', folder: 'lung', q: 'Sponsor of NCT02151981?', cites: [T('NCT02151981')], says: [/does not name a sponsor/] },
  { id: 'sponsor-6', lang: 'es', folder: null, q: '¿Quién patrocina NCT00700440?', cites: [T('NCT00700440')], says: [/Sun Yat-sen/] },

  // the patient's trials that target a gene, drug or class
  { id: 'target-1', lang: 'en', folder: 'lung', q: 'Which trials target osimertinib?', cites: [T('NCT02997501'), T('NCT02151981')], says: [/osimertinib \(2\)/] },
  { id: 'target-2', lang: 'en', folder: 'lung', q: 'Which of my trials target EGFR?', cites: [{ kind: 'trial' }], says: [/target EGFR/] },
  { id: 'target-3', lang: 'es', folder: 'colon', q: '¿Qué ensayos se dirigen a BRAF?', cites: [T('NCT02788279')], says: [/BRAF/] },
  { id: 'target-4', lang: 'it', folder: 'colon', q: 'Quali studi usano regorafenib?', cites: [T('NCT02788279')], says: [/regorafenib/] },
  { id: 'target-5', lang: 'en', folder: 'breast', q: 'Which trials test fulvestrant?', cites: [T('NCT00570921')], says: [/fulvestrant/] },
  { id: 'target-6', lang: 'en', folder: 'breast', q: 'What trials target everolimus?', cites: [T('NCT00570921')], says: [/everolimus/] },
  { id: 'target-7', lang: 'es', folder: 'lung', q: '¿Qué ensayos con erlotinib hay?', cites: [T('NCT00716456')], says: [/erlotinib/] },
  { id: 'target-8', lang: 'it', folder: 'colon', q: 'Quali studi con cobimetinib?', cites: [T('NCT02788279')], says: [/cobimetinib/] },

  // guideline options
  { id: 'gl-1', lang: 'en', folder: 'colon', q: 'What does the guideline recommend for this patient?', cites: [gl], says: [/not NCCN/, /2026/] },
  { id: 'gl-2', lang: 'es', folder: 'colon', q: '¿Qué opciones de tratamiento recomiendan las guías?', cites: [gl], says: [/Según/] },
  { id: 'gl-3', lang: 'it', folder: 'colon', q: 'Cosa raccomandano le linee guida?', cites: [gl], says: [/Da OncoDesk/] },
  { id: 'gl-4', lang: 'en', folder: 'lung', q: 'What treatment options does the guideline pack give?', cites: [gl], says: [/OncoDesk open demonstration pack/] },
  { id: 'gl-5', lang: 'en', folder: 'breast', q: 'Which therapies are recommended?', cites: [gl], says: [/pack/] },
  { id: 'gl-6', lang: 'es', folder: 'lung', q: '¿Qué recomienda la guía?', cites: [gl], says: [/Según/] },

  // evidence
  { id: 'ev-1', lang: 'en', folder: 'colon', q: 'What evidence supports the options?', cites: [ev], says: [/BRAF V600E/, /Kopetz/] },
  { id: 'ev-2', lang: 'es', folder: 'colon', q: '¿Qué evidencia hay de CIViC?', cites: [ev], says: [/Evidencia para/] },
  { id: 'ev-3', lang: 'it', folder: 'colon', q: 'Quali evidenze supportano le opzioni?', cites: [ev], says: [/Evidenze per/] },

  // missing data
  { id: 'miss-1', lang: 'en', folder: 'colon', q: 'What data is missing to decide?', cites: [pat, { kind: 'trial' }], says: [/Most often unknown/] },
  { id: 'miss-2', lang: 'es', folder: 'lung', q: '¿Qué datos faltan?', cites: [pat, { kind: 'trial' }], says: [/Lo que más falta/] },
  { id: 'miss-3', lang: 'it', folder: 'breast', q: 'Quali dati mancano per decidere?', cites: [pat], says: [/manca/] },
  { id: 'miss-4', lang: 'en', folder: 'lung', q: 'What information is unknown for the trials?', cites: [pat], says: [/unknown/] },

  // what changed
  { id: 'chg-1', lang: 'en', folder: 'lung', q: 'What changed since the last search?', cites: [pat, doc], says: [/since this search ran/, /Accepted from reports/] },
  { id: 'chg-2', lang: 'es', folder: 'colon', q: '¿Qué cambió desde la búsqueda?', cites: [pat, doc], says: [/búsqueda/] },
  { id: 'chg-3', lang: 'it', folder: 'lung', q: 'Cosa è cambiato dopo la ricerca?', cites: [pat], says: [/ricerca/] },

  // reports
  { id: 'rep-1', lang: 'en', folder: 'lung', q: 'What does the report say about EGFR?', cites: [doc], says: [/L858R/, /T790M/, /page 1/] },
  { id: 'rep-2', lang: 'es', folder: 'colon', q: '¿Qué dice el informe sobre BRAF?', cites: [doc], says: [/V600E/, /página 1/] },
  { id: 'rep-3', lang: 'it', folder: 'lung', q: 'Cosa dice il referto sulla creatinina?', cites: [doc], says: [/Creatinine 0\.84/] },
  { id: 'rep-4', lang: 'en', folder: 'colon', q: 'What is the CEA in the lab report?', cites: [doc], says: [/CEA 18,6/] },
  { id: 'rep-5', lang: 'en', folder: 'lung', q: 'What is the TMB in the NGS report?', cites: [doc], says: [/12 Muts\/Mb/] },
  { id: 'rep-6', lang: 'es', folder: 'colon', q: '¿Qué hallazgos hay en los informes?', cites: [doc], says: [/SYN-NGS-0002\.pdf/] },

  // the patient
  { id: 'pat-1', lang: 'en', folder: 'breast', q: 'Summarize the patient', cites: [pat], says: [/Invasive Ductal Carcinoma/, /fulvestrant/] },
  { id: 'pat-2', lang: 'es', folder: 'lung', q: 'Resume el paciente', cites: [pat], says: [/Adenocarcinoma/i] },
  { id: 'pat-3', lang: 'it', folder: 'colon', q: 'Riassumi il paziente', cites: [pat], says: [/BRAF/] },

  // outside what the sources hold: declined, never invented
  { id: 'no-1', lang: 'en', folder: 'lung', q: 'What dose of osimertinib should she take if her creatinine clearance drops to 20?', unanswerable: true },
  { id: 'no-2', lang: 'en', folder: 'colon', q: "What is this patient's median overall survival?", unanswerable: true },
  { id: 'no-3', lang: 'en', folder: null, q: 'Will it rain in Milan tomorrow?', unanswerable: true },
  { id: 'no-4', lang: 'es', folder: 'colon', q: '¿Cuál es la dosis de carboplatino según la fórmula de Calvert?', unanswerable: true },
  { id: 'no-5', lang: 'it', folder: 'breast', q: 'Qual è il rischio di cardiotossicità del trastuzumab?', unanswerable: true },
  { id: 'no-6', lang: 'en', folder: 'lung', q: 'Phase of NCT99999999?', unanswerable: true },
  { id: 'no-7', lang: 'en', folder: 'breast', q: 'How do I treat grade 3 diarrhoea from abemaciclib?', unanswerable: true },
  { id: 'no-8', lang: 'es', folder: 'lung', q: '¿Debería dejar de fumar el paciente?', unanswerable: true },
  { id: 'no-9', lang: 'it', folder: 'colon', q: 'Quanto costa il cetuximab in Italia?', unanswerable: true },
  { id: 'no-10', lang: 'en', folder: null, q: 'Write me a poem about oncology.', unanswerable: true },
  { id: 'no-11', lang: 'en', folder: 'colon', q: 'Is a colonoscopy needed next year?', unanswerable: true },
  { id: 'no-12', lang: 'es', folder: 'breast', q: '¿Cuánto tiempo dura la radioterapia paliativa ósea?', unanswerable: true },
  { id: 'no-13', lang: 'it', folder: 'lung', q: 'Qual è la capitale del Portogallo?', unanswerable: true },
  { id: 'no-14', lang: 'en', folder: null, q: 'Why does this trial match?', unanswerable: true },
  { id: 'no-15', lang: 'en', folder: 'lung', q: 'Can she drive after brain radiotherapy?', unanswerable: true },
];
