import type { Trial } from '@oncodesk/shared/contracts';
import * as A from './answers';
import type { Focus } from './focus';
import { alsoAsked, parseQuestion, plain, withoutCriteriaWords, withoutIntentWords, type Intent } from './intent';
import { say, type Lang } from './messages';
import { recordFacts } from './facts';
import { catalogueTrialsUsing } from './catalogue';
import { countryIn, siteCode } from './country';
import { placeIn } from './place';
import { asksListSummary, listFiltered, listSummary } from './list';
import { NEAR, nearSites, PLURAL_TRIALS } from './near';
import { explainOption, drugsIn, knownDrugs, notAnOption, optionsNamed } from './options';
import { priorTreatments } from './prior';
import { ageLimits, design } from './record';
import { sourceTerms } from './retrieval';
import { asksSomething, diseases, FOLLOW_UP, histologyNotInRecord, overview, retrievedAnswer, specificTerms } from './retrieved';
import { markerStatus } from './status';
import type { ChatSources } from './sources';
import { findGenes } from '../../vocab/geneNames';

export type { Answer } from './answers';
export type { ChatSources } from './sources';
export type { Lang } from './messages';
export type { Focus } from './focus';
export { focusOf } from './focus';
export { detectLanguage } from './language';
export { parseQuestion } from './intent';

const TRIAL_INTENTS = new Set<Intent>(['why_match', 'criteria', 'sites', 'arms', 'phase', 'sponsor', 'about', 'design']);
/** Questions that may ask for one of the patient's markers ("er status", "PgR?", "braf in the report"). */
const STATUS_INTENTS = new Set<Intent>(['unknown', 'report', 'patient']);
/** Words that ask what a trial requires or allows: with a trial in focus, "her2 required?" asks the trial, not the patient. */
const ASKS_TRIAL =
  /\brequir\w*|\ballow\w*|\bneed(?:ed|s)?\b|\bexig\w*|\bpiden?\b|\bchied(?:e|ono)\b|\brequier\w*|\bpermit\w*|\bnecesit\w*|\brichied\w*|\bserv[eo]n?o?\b|\bammess\w*|\bconsentit\w*|\bnecessari\w*/i;
/** Words of a limit or a rule: "quanti anni deve avere il paziente" asks the trial's limit though it names the patient. */
const AGE_LIMIT =
  /\b(?:must|should|can|deve|devono|debe|deben|puede|pueden|puo|possono|limits?|limites?|limiti|minim\w*|maxim\w*|massim\w*|range|rango|intervallo|allowed|accept\w*|ammess\w*|admit\w*)\b/i;
/** Words that name the patient: "how old is she", "pt age", "età della paziente" ask the patient's age, not a trial's limits. */
const PATIENT_REF = /\b(?:she|he|her|him|pt|patient|paciente|paziente|ella|lei|lui|el enfermo)\b/i;
/** A question for the diseases a trial is for ("what cancers", "qué tumores", "quali patologie"). */
const CONDITIONS =
  /\b(?:what|which|qu[eé]|cu[aá]les|quali|che|quale)\s+(?:kinds? of |types? of |tipos? de |tipi di )?(?:tumou?rs|cancers|diseases|conditions|tumores|tumori|c[aá]nceres|enfermedades|patolog[ií]as|patologie|malattie|neoplasias|neoplasie|(?:tumou?r|cancer|disease) (?:types|kinds))\b|\bhistolog(?:y|ies|ic(?:al)? (?:types?|subtypes?))\b|\bhistolog[ií]as?\b|\bistologi[ae]\b|\bsub-?types?\b|\bsubtipos?\b|\bsottotip[oi]\b|\btumou?r types?\b|\btipos? de (?:tumor|c[aá]ncer)\w*|\btipi di (?:tumore|tumori|cancro)\b/i;
/** Questions that, naming a trial and a country, ask where it runs ("open anywhere in Italy", "centros españoles"). */
const COUNTRY_INTENTS = new Set<Intent>(['sites', 'unknown', 'about', 'phase']);
/** Questions about an option (the one in focus, or one named by its drug) rather than a trial or a list. */
const OPTION_INTENTS = new Set<Intent>(['why_match', 'unknown', 'guideline', 'evidence', 'about']);
/** Words that refer back to the option in focus ("why this option?", "its sources", "¿por qué?"). */
const OPTION_REF =
  /\b(?:this|that) (?:option|treatment|therapy)\b|\besta (?:opcion|terapia)\b|\bquesta (?:opzione|terapia)\b|\bits\b|\bit\b|\bsus\b|\bsuoi\b|\bsue\b|\bsources?\b|\bfuentes?\b|\bfonti\b|\bcaveats?\b|\bwhy\b|\bpor ?que\b|\bperche\b|\bevidence\b|\bevidencia\b|\bevidenz\w*|\bsupport\w*|\brationale\b/i;
/** Words that name the option in focus itself ("this option", "esta opción", "questa opzione"). */
const THIS_OPTION =
  /\b(?:this|that|the) (?:option|recommendation)\b|\b(?:esta|esa|la) (?:opcion|recomendacion)\b|\b(?:questa|quella) (?:opzione|raccomandazione)\b|\bl'?opzione\b/i;
/** Where a trial is run ("nearest site", "centro più vicino"): with a word of nearness, the sites by distance (not "a restaurant near the hospital"). */
const SITE_WORDS = /\bsites?\b|\bcent(?:er|re)s?\b|\bcentros?\b|\bcentri\b|\bsedi\b|\blocations?\b/i;
/** Why a trial stopped ("why was it terminated", "¿por qué se paró?", "perché è stato interrotto?"). */
const WHY_STOPPED =
  /\bwhy\b.{0,30}\b(?:stopped|stop|terminated|halted|suspended|withdrawn|closed|ended)\b|\bpor ?que\b.{0,30}\b(?:par[oó]|termin|cerr|suspend|interrump|detuv|cancel)\w*|\bperche\b.{0,30}\b(?:interrott|chius|sospes|terminat|fermat|cancellat)\w*/i;
/**
 * A treatment a trial tests asked for by its kind ("which immunotherapy is used in NCT…", "what adjuvant treatment does NCT…
 * test", "¿qué inmunoterapia utiliza?", "quale chemioterapia usa lo studio?"): a kind of treatment, then a verb of testing,
 * using or giving within a few words. Asked of a trial, it is its interventions.
 */
const TESTED_TREATMENT =
  /\b(?:what|which|qu[eé]|cu[aá]l(?:es)?|quale|quali|che)\s+(?:\w+\s+){0,2}?(?:treatments?|therap(?:y|ies)|immunotherap(?:y|ies)|chemo(?:therap(?:y|ies))?|regimens?|agents?|tratamientos?|terapias?|inmunoterapias?|quimioterapias?|esquemas?|trattament[oi]|terapi[ae]|immunoterapi[ae]|chemioterapi[ae]|schem[ai])\b(?:\s+\S+){0,3}?\s+(?:(?:is|are) (?:being )?(?:used|given|tested|studied|administered|evaluated)|uses?|gives?|tests?|testing|studies|study|evaluates?|se (?:usa|utiliza|administra|estudia|prueba|da)|usa|utiliza|administra|estudia|eval[uú]a|prueba|si (?:usa|utilizza|somministra|studia|testa)|utilizza|somministra|studia|valuta|testa|sperimenta)\b/i;
/** A part of a trial a question names ("cohort B", "brazo 2", "parte A"): whose biomarker, whose criteria. */
const WHOSE = /\b(?:cohorts?|cohortes?|coortes?|coorti|arms?|brazos?|bracci[oa]?|parts?|partes?)\s+(?:\d{1,2}|[A-H])\b/i;
/** A question for the countries a trial runs in ("in quali paesi", "países del NCT…", "which countries"). */
const COUNTRIES = /\bcountr(?:y|ies)\b|\bpa[ií]s(?:es)?\b|\bpaes[ei]\b|\bnazion[ei]\b|\bnations?\b/i;
const TRIAL_REF = /\btrials?\b|\bstud(?:y|ies)\b|\bensayos?\b|\bestudios?\b|\bstudi[oa]?\b|\bNCT\d{8}\b/i;

/** A word for a biomarker as such, with no marker named ("biomarker", "biomarcador", "biomarcatore", "molecular marker"). */
const BIOMARKER =
  /\b(?:bio-?markers?|biomarcador(?:es)?|biomarcator[ei]|(?:molecular|genetic) markers?|marcador(?:es)? molecular(?:es)?|marcator[ei] molecolar[ei])\b/i;

/** Whether the patient may be vaccinated ("can she get the flu shot", "posso fare il vaccino antinfluenzale durante la chemio"): advice, not a criterion. */
const VACCINATION =
  /\b(?:can|may|should|could) (?:i|we|she|he|they|the patient|my patient|my pt) (?:\w+ ){0,3}(?:vaccin\w*|immuni[sz]\w*)|\b(?:posso|possiamo|puoi|puo) (?:\w+ ){0,3}vaccin\w*|\b(?:puedo|puede|podemos) (?:\w+ ){0,3}vacun\w*|\bflu (?:shot|jab|vaccines?)\b|\bantinfluenzal\w*|\bantigripal\w*|\bvacunas? de la gripe\b/;
/**
 * A request to act rather than a question: send or write a message (by mail, WhatsApp, SMS), call, book,
 * prescribe, enrol someone, notify someone or change what the product stores ("mándale un whatsapp a la paciente
 * con el informe", "email her the results", "prenota la TAC", "enrol her in NCT…", "cambia el estado del NCT… a
 * cerrado").
 * The engine acts on nothing; answered with the report's lines such a request read as a question about them.
 * Imperatives addressed to a person (with their clitics in es/it) and the messaging channels themselves.
 */
const ACTION_REQUEST = new RegExp(
  [
    String.raw`\b(?:send|e-?mail|text|message|call|phone|ring|book|prescribe)\s+(?:her|him|them|the (?:patient|family|doctor|gp|oncologist)|my (?:patient|pt)|a (?:message|letter|note|reminder)|an? (?:e-?mail|appointment|prescription))\b`,
    String.raw`\b(?:m[aá]nda|env[ií]a|escr[ií]be|ll[aá]ma|reserva|pide|manda|invia|scrivi|chiama|prenota|prescrivi)(?:le|les|la|lo|gli)\b`,
    String.raw`\b(?:prenota|reserva|pide|agenda)\s+(?:la|el|una?|il|lo)\s+(?:cita|tac|tc|rmn?|pet|visita|consulta|appuntamento|esame|analisi)\b`,
    // an imperative of sending with what is sent, how or to whom ("send the summary to the GP", "envía por correo el
    // resumen al médico", "manda una mail alla paziente", "inoltra il referto all'oncologo"): the verb at the
    // start of the request, a channel or a recipient within a few words
    // (uploading, submitting and sharing are sending too: "upload the scan to the sponsor's portal", "comparte el
    // informe con el equipo"; a recipient may be named by a possessive: "a su aseguradora")
    String.raw`^\W*(?:please |por favor |per favore )?(?:send|forward|fax|e-?mail|upload|submit|share|env[ií]a|m[aá]nda|reenv[ií]a|comparte|invia|manda|inoltra|spedisci|condividi)\b(?:\s+\S+){0,6}?\s+(?:to|with|con|por (?:correo|e-?mail|fax)|(?:una?|el|il|la|lo|un) (?:e-?mail|mail|correo|mensaje|messaggio|fax|carta|lettera)|al|a la|a los|a las|a su|a sus|alla|allo|ai|agli|alle|all')\b`,
    String.raw`\bwhats ?app\b|\bsms\b|\btelegram\b`,
    // enrolling a person in a trial ("enrol her in NCT…", "sign him up", "inscríbela", "iscrivilo", "arruolala")
    // (in English said as an order or asked of the assistant: "how can I enrol her?" is a question)
    String.raw`(?:^\W*(?:please\s+)?|\b(?:can|could|would|will) you\s+(?:please\s+)?)(?:enrol+|register|randomi[sz]e|sign)\s+(?:her|him|them|the patient|this patient|my (?:patient|pt))\b|\b(?:inscr[ií]be|registra|iscrivi|arruola|randomiza|randomizza)(?:la|lo|le|los|gli)\b`,
    // notifying someone ("notify the sponsor", "avisa al promotor", "avvisa lo sponsor")
    String.raw`\b(?:notify|alert)\s+(?:the\s+)?(?:sponsor|investigators?|pi|site|team|cro)\b|\b(?:avisa|avvisa|notifica)(?:le|gli)?\s+(?:al?|a la|el|la|lo|il|allo|alla)?\s*(?:promotor|patrocinador|sponsor|investigador\w*|sperimentator\w*|centro|equipo|team)\b`,
    // changing what the product stores, said as an order at the start of the request ("change the status of NCT… to
    // closed", "cambia el estado del NCT… a cerrado", "aggiorna lo stato dello studio", "delete this trial"); not
    // "update on NCT…?" nor a question about a status
    String.raw`^\W*(?:please |por favor |per favore )?(?:change|update|modify|edit|set|mark|delete|remove|cambia|actualiza|modifica|marca|edita|borra|elimina|aggiorna|imposta|cancella)\b(?!\s+(?:on|about|sobre|su|of)\b)(?:\s+\S+){0,6}?\s+(?:status|state|estado|stato|record|entry|catalog(?:ue)?|cat[aá]logo|catalogo|registro|folder|carpeta|cartella|trials?|ensayos?|studio|estudio|stud(?:y|ies)|NCT\d{8})\b`,
  ].join('|'),
  'i',
);
/**
 * What the sources cannot hold, whatever words a question shares with them: doses, prognosis, costs,
 * risks, managing side effects, daily-life advice (food, travel, driving, smoking), pharmacology (half-life,
 * interactions, side effects), schedules (how many cycles). Declined before retrieval, so that "dose of osimertinib
 * with a creatinine clearance of 20" is not answered with the report's creatinine line.
 */
/**
 * How much of a drug to take or give, or whether to take, stop or skip one, asked by or for a person ("how much
 * ondansetron should I take", "cuánto paracetamol le doy", "quante compresse devo prendere", "should I stop the
 * tamoxifen"): dosing advice whatever the drug, not a question about a trial's or a guideline's sources.
 */
const DOSING_ADVICE = String.raw`\bhow (?:much|many)\b(?:\s+\S+){0,3}?\s+(?:should|can|may|do|must|to)\s+(?:(?:i|we|she|he|they|you)\s+)?(?:take|give|use)\b(?! part)|\b(?:should|can|may|must) (?:i|we|she|he|they) (?:take|stop|skip|double|give)\b(?! part)|\bcu[aá]nt[oa]s?\b(?:\s+\S+){0,3}?\s+(?:tomar|tomo|me tomo|tome|le doy|darle|le damos)\b(?! parte)|\b(?:debo|puedo|debe|puede) (?:tomar|dejar de tomar|saltarme|darle)\b(?! parte)|\bquant[oaie]\b(?:\s+\S+){0,3}?\s+(?:prendere|prendo|ne prendo|prenda|dargli|darle)\b(?! parte)|\b(?:devo|posso|deve|pu[oò]) (?:prendere|smettere|sospendere|saltare|dargli|darle)\b(?! parte)`;

/**
 * A change of a drug's amount for the patient, with the amount ("drop the capecitabine to 1000 mg bid",
 * "bajar el paclitaxel a 60 mg/m2", "ridurre a 400 mg"): dosing advice whatever the drug, even without the
 * word "dose" (a trial's own dose rules are asked with its NCT id, which OUT_OF_SCOPE lets through).
 */
const DOSE_CHANGE = String.raw`\b(?:drop|reduce|lower|cut|decrease|increase|raise|escalate|adjust|titrate|bajar|bajo|bajamos|reducir|reduzco|reducimos|disminuir|aumentar|aumento|subir|subo|ajustar|ridurre|riduco|riduciamo|abbassare|abbasso|diminuire|aumentare|aumento|alzare|aggiustare)\b[^.?!]{0,60}?\b\d+(?:[.,]\d+)?\s?(?:mg|g|mcg|µg|ug|ml|units?|ui|u)\b`;

/**
 * A request to prescribe or order a drug ("write him a script for capecitabine", "send the Rx", "hazle la receta de",
 * "fagli la ricetta", "prescribe ondansetron"): a prescription is the clinician's act, never the assistant's.
 */
const PRESCRIBING = String.raw`\bprescri(?:b|p|v|z)\w*|\b(?:e-?)?scripts?\s+(?:for|of)\b|\brx\b|\brefill\w*|\brecet(?:a|ar|ale|arle|as)\b|\bricett\w*`;

/**
 * A question about another user's account or another clinician's patients ("what did the other oncologist give John
 * Carter in his account", "los pacientes del dr. Ruiz", "l'account di un altro utente"): the assistant sees only the
 * conversation's patient and the shared sources, so it says so instead of answering with this patient's data.
 */
const OTHERS_DATA = new RegExp(
  [
    // an account not the user's ("in his account", "another user's account"); "the other oncologist" alone may be this
    // patient's own history ("what did the other oncologist give her") and is answered
    String.raw`\b(?:his|her|their|another|other|someone else'?s|a different)\s+(?:users?'?s?\s+)?accounts?\b`,
    String.raw`\b(?:other|another)\s+(?:users?|colleagues?|oncologists?|doctors?|physicians?|clinicians?)(?:'s|s')?\s+(?:patients?|accounts?|folders?|data)\b|\bother users\b`,
    String.raw`\bpatients?\s+of\s+(?:dr|doctor|prof|(?:another|other)\s+(?:users?|doctors?|oncologists?|clinicians?|physicians?|colleagues?))\b`,
    String.raw`\bcuentas?\s+de\b|\bpacientes?\s+del?\s+(?:dr|doctor|doctora|dra|prof)\b|\bpacientes?\s+de\s+otr[oa]\b|\botros usuarios\b`,
    String.raw`\baccount\s+d(?:i|el|ella)\b|\bpazienti\s+(?:del(?:la)?\s+(?:dott|dr|prof)\w*|di\s+un(?:'|\s)altr[oa])|\baltri utenti\b`,
  ].join('|'),
  'i',
);

/**
 * A request for a person's private contact details ("the home address of the PI of NCT…", "el teléfono personal del
 * investigador", "l'indirizzo di casa del medico"): no source holds them and none should be guessed; a trial's public
 * sites are another question (its sites), so only private words decide.
 */
const PERSONAL_DETAILS = new RegExp(
  [
    String.raw`\bhome\s+(?:address|phone|number|e-?mail)\b|\b(?:personal|private)\s+(?:address|phone|(?:phone\s+)?number|cell(?:\s*phone)?|mobile|e-?mail)\b`,
    String.raw`\bdirecci[oó]n\s+(?:particular|personal|privada|de\s+(?:su\s+)?casa)\b|\b(?:tel[eé]fono|m[oó]vil|celular|correo)\s+(?:personal|particular|privado)\b`,
    String.raw`\bindirizzo\s+(?:di\s+casa|privato|personale)\b|\b(?:telefono|cellulare|numero|e-?mail)\s+(?:privat[oa]|personale)\b`,
  ].join('|'),
  'i',
);

const OUT_OF_SCOPE = new RegExp(
  String.raw`${DOSING_ADVICE}|${DOSE_CHANGE}|${PRESCRIBING}|\bdos(?:e|es|is|i|ing|age|aggio)\b(?! (?:escalation|expansion|level))|\bposolog\w*|\bsurviv\w*|\bsupervivencia\b|\bsopravviv\w*|\bprogno\w*|\bpronostico\b|\bcosts?\b|\bcosta\b|\bcuesta\b|\bprice\b|\bprecio\b|\bprezzo\b|\brisk of\b|\briesgo de\b|\brischio di\b|\bmanag(?:e|ing)\b|\bmanej\w*|\bgestir\w*|\bhow (?:do|should) (?:i|we) treat\b|\bcomo tratar\b|\bcome trattare\b|\bsmok(?!ers?\b|ing (?:status|history)\b)\w*|\bfumar\b|\bfumare\b|\bdrive\b|\bconducir\b|\bguidare\b|\beat\b|\bfood\b|\bdiet\b|\bdrink\w*|\balcohol\b|\bcomer\b|\bmangiare\b|\bdieta\b|\btravel\w*|\bfly\b|\bviajar\b|\bviaggiare\b|\blife expectancy\b|\besperanza de vida\b|\baspettativa di vita\b|\bhow long (?:will|would|does|do|has|have) (?:she|he|they|the patient|this patient)(?: \w+)? (?:live|have left)\b|\bcu[aá]nto (?:tiempo )?(?:va a vivir|vivir[aá]|le queda)\b|\bquanto (?:tempo )?(?:vivr[aà]|gli resta|le resta)\b|\bhow many cycles\b|\bcu[aá]ntos ciclos\b|\bquanti cicli\b|\bhalf[- ]?life\b|\bvida media\b|\bemivita\b|\binteract\w*|\binteracci\w*|\binterazion\w*|\bside effects?\b|\befectos (?:secundarios|adversos)\b|\beffetti collaterali\b|${VACCINATION.source}`,
  'i',
);

/** A dose stated in a trial's arms or criteria ("40Gy/20f radiotherapy", "QL1706 (5 mg/kg)"). */
const STATED_DOSE = /\b\d+(?:[.,]\d+)?\s?(?:gy|mg(?:\/m2|\/kg)?|mcg|µg)(?![a-z])|\bauc\s?\d/i;
const DOSE_WORD = /\bdos(?:e|es|is|i|ing|age|aggio)\b/gi;
/**
 * Whether a question asks the dose a trial gives (a trial in focus whose record states a dose): only the word "dose" made it
 * out of scope, it names no person and asks no dosing advice ("what rt dose", "e la dose di radioterapia?").
 */
function asksTrialDose(text: string, trial: Trial | undefined): boolean {
  if (!trial || !text.match(DOSE_WORD)) return false;
  if (OUT_OF_SCOPE.test(text.replace(DOSE_WORD, ' ')) || PATIENT_REF.test(text) || /\b(?:i|we|my|mi|mia|mio|yo)\b/i.test(text)) return false;
  return trial.cohorts.some((c) => STATED_DOSE.test(c.description ?? '')) || STATED_DOSE.test(trial.eligibility.text ?? '');
}

/**
 * The embedded answer engine. A recognised question (intent.ts) is answered by its template, extractively
 * and with the source of every line; an option named by its drug, or the option in focus, is explained
 * from the guideline answer; anything else is answered by retrieval over the conversation's sources
 * (retrieved.ts), and declined only when nothing relevant is found. `s.context` is the conversation's
 * focus (focus.ts): the trial, option or report last discussed.
 */
export async function answerQuestion(question: string, s: ChatSources, lang: Lang): Promise<A.Answer> {
  const focus: Focus = s.context;
  const text = plain(question);
  const q = parseQuestion(question);
  // a question that names a trial asks what its record says ("does NCT… allow prior high-dose chemotherapy?")
  if (ACTION_REQUEST.test(text)) return { content: say('cannotAct', lang), citations: [], declined: true };
  if (OTHERS_DATA.test(text)) return { content: say('othersData', lang), citations: [], declined: true };
  if (PERSONAL_DETAILS.test(text)) return { content: say('personalDetails', lang), citations: [], declined: true };
  // (so is a follow-up on the trial in focus that asks what it requires: "¿y qué esperanza de vida pide?")
  // (and so is a dose asked of the trial in focus whose arms state theirs, "what rt dose", naming no one and asking no advice)
  if (
    !q.nctIds.length &&
    OUT_OF_SCOPE.test(text) &&
    !(focus.trialId && ASKS_TRIAL.test(text)) &&
    !asksTrialDose(text, focus.trialId ? s.trial(focus.trialId) : undefined)
  )
    return { content: say('outOfScope', lang), citations: [], declined: true };
  const trialId = q.nctIds[0] ?? focus.trialId;
  const trial = trialId ? s.trial(trialId) : undefined;
  if (q.nctIds[0] && !trial) return { content: say('unknownTrial', lang, { id: q.nctIds[0] }), citations: [], declined: true };
  // "why was it stopped", "¿por qué se paró?": its status, and that the record does not say why (the reason is not in it)
  if (trial && WHY_STOPPED.test(text)) {
    const status = A.phase(trial, s, lang);
    return { ...status, content: `${status.content}\n${say('whyStoppedUnknown', lang)}` };
  }

  // a trial and a country ("NCT… ha centri in Italia?", "si fa in Spagna?", after its sites "and in Spain?"): its sites there
  // (a question about trials, "trials in Spain", is the list's)
  const country = trial && !PLURAL_TRIALS.test(text) && COUNTRY_INTENTS.has(q.intent) ? countryIn(text) : undefined;
  // a trial and a city ("closest NCT… site to Lyon", "centro più vicino a Bari", "si fa a Roma?"): its sites by distance from it
  // (a name of both, "Granada" — Grenada in Spanish —, is the city when the trial has no site in that country and has
  // sites in the city's: "sites in Mexico" stays the country)
  const runsIn = (code: string) => !!trial?.sites.some((x) => siteCode(x) === code);
  const city =
    trial && !PLURAL_TRIALS.test(text) && (COUNTRY_INTENTS.has(q.intent) || NEAR.test(text)) && (!country || !runsIn(country))
      ? placeIn(question, lang, { countryNames: !!country, near: NEAR.test(text) })
      : undefined;
  const from = city && (!country || (city.countryCode !== country && runsIn(city.countryCode))) ? city : undefined;
  if (trial && from) return A.sites(trial, s, lang, true, undefined, from);
  if (trial && country) return A.sites(trial, s, lang, NEAR.test(text), country);
  // "which tumours does NCT… include", "quali malattie": the diseases the record lists, in its overview
  // (with the criteria sentences that name the diseases or histologies it takes or excludes: a basket trial's "solid tumors")
  if (trial && CONDITIONS.test(text) && (q.intent === 'unknown' || q.intent === 'criteria' || q.intent === 'about' || q.intent === 'why_match'))
    return diseases(trial, s, lang, q.polarity);
  // a histology the record does not write ("does NCT… accept papillary RCC?" of a clear-cell trial): the diseases it takes
  if (trial && (['unknown', 'criteria', 'about'].includes(q.intent) || (q.intent === 'why_match' && !s.patient)) && histologyNotInRecord(question, trial)) {
    const named = diseases(trial, s, lang, q.polarity);
    if (named.citations.length > 1) return named;
  }
  // a trial's age limits when a trial is named, or in focus and the question does not name the patient
  if (q.intent === 'age' && trial && (q.nctIds.length || !PATIENT_REF.test(text) || AGE_LIMIT.test(text))) return ageLimits(trial, s.patient?.id, lang);
  // a clinical attribute of the patient ("creatinine clearance?", "funzione renale", "ki67?", "menopausal status?"):
  // the record's field and the report lines that state it, or "not recorded" with what the record holds
  // (with a trial in focus only when the question names the patient and not what the trial requires)
  // a question that names a drug ("trastuzumab + tucatinib for him? he's ERBB2 amplified") asks about that treatment, not
  // about the marker it also names: it goes on to the options and prior treatments
  const namesTreatment = drugsIn(question).drugs.length > 0;
  if (
    s.patient &&
    !q.nctIds.length &&
    !namesTreatment &&
    // "location of the patient?" reads as a sites question; with no trial named or in focus it is the patient's
    (STATUS_INTENTS.has(q.intent) || (q.intent === 'sites' && !focus.trialId)) &&
    !TRIAL_REF.test(text) &&
    (!focus.trialId || (PATIENT_REF.test(text) && !ASKS_TRIAL.test(text) && !FOLLOW_UP.test(text)))
  ) {
    const facts = await recordFacts(question, s, lang);
    if (facts) return facts;
  }
  // one of the patient's markers, from the record and the reports (not from options or trials that share the word)
  if (s.patient && !q.nctIds.length && !namesTreatment && STATUS_INTENTS.has(q.intent) && !TRIAL_REF.test(text) && !(focus.trialId && ASKS_TRIAL.test(text))) {
    const status = await markerStatus(question, s, lang);
    if (status) return status;
  }
  // "trials near her": the listed trials' sites by distance from the patient (one trial's sites when the question is about the trial in focus)
  if (s.patient && !q.nctIds.length && NEAR.test(text) && (TRIAL_REF.test(text) || SITE_WORDS.test(text)) && (!focus.trialId || PLURAL_TRIALS.test(text))) {
    const near = await nearSites(s, lang);
    if (near) return near;
  }
  // "how many trials match", "top matches?", "quanti studi sono compatibili": the search's verdicts and its first matches
  if (s.patient && !q.nctIds.length && asksListSummary(text) && !findGenes(question).length && !drugsIn(question).drugs.length) {
    const summary = await listSummary(s, lang);
    if (summary) return summary;
  }
  // "phase 3 trials in the list", "trials in Spain": the search's trials filtered by phase, country, recruiting
  // (a question that names a drug or gene is the targeting list's)
  if (s.patient && !q.nctIds.length && PLURAL_TRIALS.test(text) && !findGenes(question).length) {
    const d = drugsIn(question);
    const listed = d.drugs.length || d.classes.length ? null : await listFiltered(question, s, lang);
    if (listed) return listed;
  }
  // a drug or class asked about as received ("qué inhibidores de CDK4/6 recibió"): the record's prior treatments
  // ("che farmaci ha fatto" names no trial: the drugs are the patient's, not a trial's arms)
  if (s.patient && !q.nctIds.length && !TRIAL_REF.test(text) && (q.intent === 'unknown' || q.intent === 'patient' || (q.intent === 'arms' && !trial))) {
    const prior = priorTreatments(question, s, lang);
    if (prior) return prior;
  }

  // drugs the question names, shorthand included ("enco cetux", "pembro"), read against the sources' own drugs
  // (the sources' drugs are read only for a question that may name an option or ask for the list's trials)
  const known = s.patient && !q.nctIds.length && (OPTION_INTENTS.has(q.intent) || q.intent === 'trials_targeting') ? await knownDrugs(s) : [];
  const drugs = drugsIn(question, known);
  const namesDrug = drugs.drugs.length > 0 || drugs.classes.length > 0;
  // "cosa serve per questa opzione", "why this option": the option the conversation is about, whatever else the question asks
  if (s.patient && !q.nctIds.length && focus.recommendationId && THIS_OPTION.test(text)) {
    const r = await s.recommendations();
    const inFocus = r?.recommendations.find((x) => x.id === focus.recommendationId);
    if (r && inFocus) return explainOption(inFocus, r, s, lang);
  }
  // "this option" in a conversation on no option: the options there are, to pick from (not "which trial?")
  if (s.patient && !q.nctIds.length && !focus.recommendationId && !focus.trialId && THIS_OPTION.test(text)) return A.guideline(s, lang);
  // an option: named by its drug, or the one the conversation is about
  // (a question about trials, "any trial in the list with osimertinib", is about the list, not an option)
  if (s.patient && !q.nctIds.length && OPTION_INTENTS.has(q.intent) && !TRIAL_REF.test(text)) {
    const r = await s.recommendations();
    if (r) {
      const named = optionsNamed(r, question, known);
      if (named.length) return explainOption(named[0], r, s, lang, named.slice(1));
      if (namesDrug) return notAnOption(question, r, s, lang, known)!;
      const inFocus = focus.recommendationId ? r.recommendations.find((x) => x.id === focus.recommendationId) : undefined;
      if (inFocus && OPTION_REF.test(text)) return explainOption(inFocus, r, s, lang);
    }
  }

  // trials of the list that use a drug or target a gene, however the question is worded
  let intent: Intent = q.intent === 'unknown' && s.patient && !q.nctIds.length && TRIAL_REF.test(text) && namesDrug ? 'trials_targeting' : q.intent;
  // "which immunotherapy is used in NCT…", "what adjuvant treatment does NCT… test": its interventions (a question that asks
  // what a trial requires or excludes, "what prior treatment is needed", stays a criteria question)
  if (trial && (intent === 'unknown' || intent === 'about') && TESTED_TREATMENT.test(text)) intent = 'arms';
  // a criteria question about something in particular ("NCT… KRAS excluded?") is answered by the record's sentence about it, not the whole list
  // (ranked on what is left once the words asking for criteria are out: "excluded" is in every exclusion sentence)
  const about = intent === 'criteria' && trial ? withoutCriteriaWords(question) : '';
  if (about && asksSomething(about)) {
    const specific = await retrievedAnswer(about, s, focus, trial, lang, { ownOnly: true });
    if (specific) return specific;
  }
  // "which trials use tusamitamab", "¿hay algún ensayo con silibinina?" with no patient: the catalogue's trials that name it
  if (
    !s.patient &&
    !q.nctIds.length &&
    s.catalogue &&
    (intent === 'trials_targeting' || PLURAL_TRIALS.test(text) || (TRIAL_REF.test(text) && intent === 'unknown'))
  ) {
    const using = catalogueTrialsUsing(question, s.catalogue(), lang);
    if (using) return using;
  }
  // "what biomarker does NCT… look at", "qué biomarcador necesita": the record's sentences that name a gene, found by the
  // genes its criteria text names, asked for as such (a record that names none is left to the other answers)
  if (trial && BIOMARKER.test(text)) {
    const genes = [...new Set(findGenes(trial.eligibility.text ?? '').map((g) => g.token))];
    // (with what else the question names, "cohort B", which says whose biomarker)
    const rest = plain(question).replace(new RegExp(BIOMARKER.source, 'gi'), ' ');
    const named = WHOSE.test(rest) ? ` ${rest}` : '';
    const specific = genes.length ? await retrievedAnswer(`${genes.join(' ')}${named}`, s, focus, trial, lang, { ownOnly: true, anyTerm: true }) : null;
    if (specific) return specific;
  }
  // a phase or overview question that asks something more precise of the trial ("kras status for phase ib of NCT…", after
  // its criteria "what about prior anthracyclines"): the record's sentences about it, when they bear on it
  const beyond = trial && (intent === 'phase' || intent === 'about') ? withoutIntentWords(question, intent) : '';
  // (two specific words at least: "sta già arruolando?" asks the status, its "già" no criterion)
  // (the words of its title, "guardian-101", name the trial: they ask nothing more precise)
  const naming = trial ? new Set(sourceTerms(`${trial.briefTitle} ${trial.officialTitle ?? ''}`)) : new Set<string>();
  if (beyond && specificTerms(beyond).filter((t) => !naming.has(t)).length >= 2) {
    const specific = await retrievedAnswer(beyond, s, focus, trial, lang, { ownOnly: true });
    if (specific) return specific;
  }
  const templated = await template(intent, question, s, lang, trial, known);
  // a trial question that asks two of its short facts ("who sponsors it and is it still open"): both answers, one after the other
  const more = templated && !templated.declined && trial && TRIAL_INTENTS.has(intent) ? alsoAsked(question, intent) : [];
  for (const k of more) {
    const also = await template(k, question, s, lang, trial, known);
    if (also && !also.declined) {
      templated!.content += `\n${also.content}`;
      for (const c of also.citations) if (!templated!.citations.some((x) => x.kind === c.kind && x.id === c.id)) templated!.citations.push(c);
    }
  }
  if (templated && !templated.declined) return templated;
  const retrieved = await retrievedAnswer(question, s, focus, trial, lang);
  if (retrieved) return retrieved;
  // a trial named and nothing more precise found: what the trial is
  if (trial && q.nctIds.length) return overview(trial, s, lang);
  return templated ?? { content: say('decline', lang), citations: [], declined: true };
}

/** The template answer of a recognised question; null when the question needs a trial and none is named or in focus. */
async function template(
  intent: Intent,
  question: string,
  s: ChatSources,
  lang: Lang,
  trial: Parameters<typeof overview>[0] | undefined,
  known: string[],
): Promise<A.Answer | null> {
  if (TRIAL_INTENTS.has(intent)) {
    if (!trial) return intent === 'about' ? null : { content: say('needTrial', lang), citations: [], declined: true };
    switch (intent) {
      case 'why_match':
        return A.whyMatch(trial, s, lang);
      case 'criteria':
        return A.criteria(trial, parseQuestion(question).polarity, s, lang);
      case 'sites':
        return A.sites(trial, s, lang, NEAR.test(plain(question)), undefined, undefined, COUNTRIES.test(plain(question)));
      case 'arms':
        return A.arms(trial, s, lang);
      case 'phase':
        return A.phase(trial, s, lang);
      case 'about':
        return overview(trial, s, lang);
      case 'design':
        return design(trial, s.patient?.id, lang);
      default:
        return A.sponsor(trial, s, lang);
    }
  }
  switch (intent) {
    case 'trials_targeting':
      return A.trialsTargeting(question, s, lang, known);
    case 'guideline':
      return A.guideline(s, lang);
    case 'evidence':
      return A.evidence(s, lang);
    case 'missing':
      return A.missing(s, lang);
    case 'changed':
      return A.changed(s, lang);
    case 'report':
      return A.report(question, s, lang);
    case 'patient':
      return A.patient(s, lang);
    default:
      return null;
  }
}
