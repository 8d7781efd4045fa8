/**
 * The fixed words of the embedded assistant's answers, in English, Spanish and Italian. What it quotes
 * (criterion sentences, trial titles, sites, guideline citations) stays as the source wrote it.
 */
export type Lang = 'en' | 'es' | 'it';
type Words = Record<Lang, string>;
const w = (en: string, es: string, it: string): Words => ({ en, es, it });

export const WORDS = {
  decline: w(
    "I can't answer that from the sources I have (this patient's data and reports, the trial records, the guideline pack and CIViC). I can explain why a trial matches or not, list a trial's criteria, arms, phase, sponsor and sites, find the patient's trials that target a gene or drug, summarise the guideline options and their evidence, say what data is missing and what a report says.",
    'No puedo responder a eso con las fuentes de que dispongo (los datos e informes de este paciente, los registros de los ensayos, el paquete de guías y CIViC). Puedo explicar por qué un ensayo encaja o no, listar sus criterios, brazos, fase, promotor y centros, encontrar los ensayos del paciente dirigidos a un gen o fármaco, resumir las opciones de las guías y su evidencia, decir qué datos faltan y qué dice un informe.',
    "Non posso rispondere con le fonti di cui dispongo (i dati e i referti di questo paziente, le schede degli studi, il pacchetto di linee guida e CIViC). Posso spiegare perché uno studio è compatibile o no, elencarne criteri, bracci, fase, promotore e centri, trovare gli studi del paziente rivolti a un gene o farmaco, riassumere le opzioni delle linee guida e le loro evidenze, dire quali dati mancano e cosa dice un referto.",
  ),
  needTrial: w(
    "I can't tell which trial you mean: name it by its NCT number, or ask from the trial's page (\"Ask about this trial\").",
    'No sé a qué ensayo se refiere: indíquelo por su número NCT o pregunte desde la página del ensayo («Preguntar sobre este ensayo»).',
    'Non so a quale studio si riferisca: lo indichi con il numero NCT o chieda dalla pagina dello studio («Chiedi di questo studio»).',
  ),
  unknownTrial: w("I don't have a trial record {{id}} in OncoDesk's trial data, so I can't answer about it.", 'No tengo un registro del ensayo {{id}} en los datos de OncoDesk, así que no puedo responder sobre él.', 'Non ho una scheda dello studio {{id}} nei dati di OncoDesk, quindi non posso rispondere.'),
  needPatient: w('This conversation is not tied to a patient folder, so I have no patient to compare with. Open the chat from a folder.', 'Esta conversación no está vinculada a una carpeta de paciente, así que no tengo paciente con quien comparar. Abra el chat desde una carpeta.', 'Questa conversazione non è legata a una cartella paziente, quindi non ho un paziente con cui confrontare. Apra la chat da una cartella.'),
  needSearch: w("This patient's folder has no trial search yet: run one, then ask again.", 'La carpeta de este paciente aún no tiene una búsqueda de ensayos: ejecútela y vuelva a preguntar.', 'La cartella di questo paziente non ha ancora una ricerca di studi: la esegua e chieda di nuovo.'),
  verdict: w('{{title}} ({{id}}): {{verdict}} — {{met}} met, {{notMet}} not met, {{unknown}} to check.', '{{title}} ({{id}}): {{verdict}} — {{met}} cumplidos, {{notMet}} no cumplidos, {{unknown}} por comprobar.', '{{title}} ({{id}}): {{verdict}} — {{met}} soddisfatti, {{notMet}} non soddisfatti, {{unknown}} da verificare.'),
  v_match: w('matches on what is recorded', 'encaja con lo registrado', 'compatibile con quanto registrato'),
  v_no_match: w('does not match', 'no encaja', 'non compatibile'),
  v_not_eligible: w('not eligible', 'no elegible', 'non eleggibile'),
  v_unknown: w('cannot be decided from what is recorded', 'no se puede decidir con lo registrado', 'non decidibile con quanto registrato'),
  notMet: w('Not met:', 'No cumplidos:', 'Non soddisfatti:'),
  toCheck: w('To check (the record does not say):', 'Por comprobar (el registro no lo dice):', 'Da verificare (la scheda non lo dice):'),
  met: w('Met (first ones):', 'Cumplidos (los primeros):', 'Soddisfatti (i primi):'),
  patientFact: w('patient: {{fact}}', 'paciente: {{fact}}', 'paziente: {{fact}}'),
  inclusion: w('Inclusion criteria of {{id}}:', 'Criterios de inclusión de {{id}}:', 'Criteri di inclusione di {{id}}:'),
  exclusion: w('Exclusion criteria of {{id}}:', 'Criterios de exclusión de {{id}}:', 'Criteri di esclusione di {{id}}:'),
  more: w('… and {{n}} more in the trial record.', '… y {{n}} más en el registro del ensayo.', '… e altri {{n}} nella scheda dello studio.'),
  sites: w('Sites of {{id}} ({{count}} in the record):', 'Centros de {{id}} ({{count}} en el registro):', 'Centri di {{id}} ({{count}} nella scheda):'),
  sitesNearest: w('Nearest recruiting sites of {{id}} to the patient:', 'Centros de {{id}} que reclutan más cercanos al paciente:', 'Centri di {{id}} che arruolano più vicini al paziente:'),
  noSites: w('The record of {{id}} lists no sites.', 'El registro de {{id}} no indica centros.', 'La scheda di {{id}} non elenca centri.'),
  arms: w('Interventions of {{id}}:', 'Intervenciones de {{id}}:', 'Interventi di {{id}}:'),
  cohorts: w('Cohorts:', 'Cohortes:', 'Coorti:'),
  noArms: w('The record of {{id}} lists no interventions.', 'El registro de {{id}} no indica intervenciones.', 'La scheda di {{id}} non elenca interventi.'),
  phase: w('{{id}} is a phase {{phases}} study; status: {{status}}; study type: {{type}}.', '{{id}} es un estudio de fase {{phases}}; estado: {{status}}; tipo de estudio: {{type}}.', '{{id}} è uno studio di fase {{phases}}; stato: {{status}}; tipo di studio: {{type}}.'),
  noPhaseStated: w('The record of {{id}} states no phase; status: {{status}}; study type: {{type}}.', 'El registro de {{id}} no indica fase; estado: {{status}}; tipo de estudio: {{type}}.', 'La scheda di {{id}} non indica la fase; stato: {{status}}; tipo di studio: {{type}}.'),
  st_recruiting: w('recruiting', 'en reclutamiento', 'in arruolamento'),
  st_not_yet_recruiting: w('not yet recruiting', 'aún sin reclutar', 'non ancora in arruolamento'),
  st_active_not_recruiting: w('active, not recruiting', 'activo, sin reclutar', 'attivo, senza arruolamento'),
  st_completed: w('completed', 'finalizado', 'completato'),
  st_terminated: w('terminated', 'interrumpido', 'interrotto'),
  st_withdrawn: w('withdrawn', 'retirado', 'ritirato'),
  st_suspended: w('suspended', 'suspendido', 'sospeso'),
  st_unknown: w('unknown', 'desconocido', 'sconosciuto'),
  sponsor: w('{{id}} is sponsored by {{sponsor}}.', 'El promotor de {{id}} es {{sponsor}}.', 'Il promotore di {{id}} è {{sponsor}}.'),
  collaborators: w('Collaborators: {{list}}.', 'Colaboradores: {{list}}.', 'Collaboratori: {{list}}.'),
  noSponsor: w('The record of {{id}} does not name a sponsor.', 'El registro de {{id}} no indica promotor.', 'La scheda di {{id}} non indica il promotore.'),
  targeting: w('Trials in this search that target {{what}} ({{count}}):', 'Ensayos de esta búsqueda dirigidos a {{what}} ({{count}}):', 'Studi di questa ricerca rivolti a {{what}} ({{count}}):'),
  noTargeting: w('None of the {{n}} trials in this search targets {{what}}.', 'Ninguno de los {{n}} ensayos de esta búsqueda se dirige a {{what}}.', 'Nessuno dei {{n}} studi di questa ricerca è rivolto a {{what}}.'),
  needTarget: w('Name the gene, drug or drug class (for example EGFR, osimertinib, anti-PD-1).', 'Indique el gen, el fármaco o la clase (por ejemplo EGFR, osimertinib, anti-PD-1).', 'Indichi il gene, il farmaco o la classe (ad esempio EGFR, osimertinib, anti-PD-1).'),
  guideline: w('From {{pack}} {{version}} ({{date}}) — {{disclaimer}}', 'Según {{pack}} {{version}} ({{date}}) — {{disclaimer}}', 'Da {{pack}} {{version}} ({{date}}) — {{disclaimer}}'),
  noOptions: w('The guideline pack has no option for this patient as recorded ({{considered}} considered).', 'El paquete de guías no tiene opciones para este paciente tal como está registrado ({{considered}} consideradas).', 'Il pacchetto di linee guida non ha opzioni per questo paziente come registrato ({{considered}} considerate).'),
  evidenceOf: w('Evidence for {{therapy}}:', 'Evidencia para {{therapy}}:', 'Evidenze per {{therapy}}:'),
  noEvidence: w('The guideline options for this patient carry no CIViC evidence items.', 'Las opciones de las guías para este paciente no tienen elementos de evidencia de CIViC.', 'Le opzioni delle linee guida per questo paziente non hanno elementi di evidenza CIViC.'),
  missingTrials: w('Most often unknown in the top {{n}} trials of this search (answer them to decide more criteria):', 'Lo que más falta en los {{n}} primeros ensayos de esta búsqueda (respóndalo para decidir más criterios):', 'Ciò che manca più spesso nei primi {{n}} studi di questa ricerca (risponda per decidere più criteri):'),
  missingGuideline: w('The guideline pack would decide more with:', 'El paquete de guías decidiría más con:', 'Il pacchetto di linee guida deciderebbe di più con:'),
  nothingMissing: w('Nothing the trials or the guideline pack ask is missing from the record.', 'No falta nada de lo que piden los ensayos o las guías.', 'Non manca nulla di ciò che chiedono gli studi o le linee guida.'),
  trialsCount: w('{{n}} trials', '{{n}} ensayos', '{{n}} studi'),
  changedAfter: w("The patient's data changed on {{when}}, after this search ran ({{search}}): search again to see the effect.", 'Los datos del paciente cambiaron el {{when}}, después de esta búsqueda ({{search}}): vuelva a buscar para ver el efecto.', 'I dati del paziente sono cambiati il {{when}}, dopo questa ricerca ({{search}}): cerchi di nuovo per vederne l\'effetto.'),
  notChanged: w("The patient's data has not changed since this search ran ({{search}}).", 'Los datos del paciente no han cambiado desde esta búsqueda ({{search}}).', 'I dati del paziente non sono cambiati da questa ricerca ({{search}}).'),
  acceptedFindings: w('Accepted from reports:', 'Aceptado de los informes:', 'Accettato dai referti:'),
  reportFindings: w('What the reports say{{about}}:', 'Lo que dicen los informes{{about}}:', 'Cosa dicono i referti{{about}}:'),
  about: w(' about {{what}}', ' sobre {{what}}', ' su {{what}}'),
  noReports: w('This folder has no report read yet.', 'Esta carpeta aún no tiene informes leídos.', 'Questa cartella non ha ancora referti letti.'),
  noReportFinding: w('No report of this folder mentions {{what}}.', 'Ningún informe de esta carpeta menciona {{what}}.', 'Nessun referto di questa cartella menziona {{what}}.'),
  page: w('page {{page}}', 'página {{page}}', 'pagina {{page}}'),
  accepted: w('accepted', 'aceptado', 'accettato'),
  proposed: w('proposed', 'propuesto', 'proposto'),
  rejected: w('rejected', 'rechazado', 'rifiutato'),
  patient: w('What the folder records for {{name}}:', 'Lo que la carpeta registra de {{name}}:', 'Cosa registra la cartella di {{name}}:'),
};

export function say(key: keyof typeof WORDS, lang: Lang, params: Record<string, string | number> = {}): string {
  return WORDS[key][lang].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}
