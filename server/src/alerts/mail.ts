import type { AlertReason } from '@oncodesk/shared/contracts';
import type { MailMessage } from '../mail';
import { escapeHtml, footer, mailLanguage } from '../mail/templates';
import type { DigestItem } from './storage';

type Lang = ReturnType<typeof mailLanguage>;

interface DigestTexts {
  subject: (n: number) => string;
  greeting: (name: string) => string;
  intro: string;
  openResults: string;
  reasons: Record<AlertReason, string>;
  caution: string;
  why: string;
  stopFolder: string;
  stopAll: string;
}

const texts: Record<Lang, DigestTexts> = {
  en: {
    subject: (n) => (n === 1 ? 'OncoDesk: 1 trial to look at for your patients' : `OncoDesk: ${n} trials to look at for your patients`),
    greeting: (name) => `Hello ${name},`,
    intro: 'Since the last trial update, these trials match the searches you asked to be alerted about:',
    openResults: 'Open the results',
    reasons: { new_trial: 'new trial', now_matches: 'now matches (the trial changed)', now_recruiting: 'now recruiting' },
    caution: 'Matches are read from the patient record and the trial text: confirm eligibility with the study team.',
    why: 'You receive this mail because you turned on "Alert me about new matching trials" in OncoDesk; at most one a day.',
    stopFolder: 'Stop alerts for this folder',
    stopAll: 'Stop all trial alerts',
  },
  es: {
    subject: (n) => (n === 1 ? 'OncoDesk: 1 ensayo que revisar para sus pacientes' : `OncoDesk: ${n} ensayos que revisar para sus pacientes`),
    greeting: (name) => `Hola ${name}:`,
    intro: 'Desde la última actualización de ensayos, estos ensayos coinciden con las búsquedas de las que pidió alertas:',
    openResults: 'Abrir los resultados',
    reasons: { new_trial: 'ensayo nuevo', now_matches: 'ahora coincide (el ensayo cambió)', now_recruiting: 'ahora reclutando' },
    caution: 'Las coincidencias se leen del registro del paciente y del texto del ensayo: confirme la elegibilidad con el equipo del estudio.',
    why: 'Recibe este correo porque activó «Avisarme de nuevos ensayos coincidentes» en OncoDesk; como máximo uno al día.',
    stopFolder: 'Dejar de recibir alertas de esta carpeta',
    stopAll: 'Dejar de recibir todas las alertas de ensayos',
  },
  it: {
    subject: (n) => (n === 1 ? 'OncoDesk: 1 studio da guardare per i tuoi pazienti' : `OncoDesk: ${n} studi da guardare per i tuoi pazienti`),
    greeting: (name) => `Ciao ${name},`,
    intro: "Dall'ultimo aggiornamento degli studi, questi studi corrispondono alle ricerche per cui hai chiesto un avviso:",
    openResults: 'Apri i risultati',
    reasons: { new_trial: 'nuovo studio', now_matches: 'ora corrisponde (lo studio è cambiato)', now_recruiting: 'ora in reclutamento' },
    caution: "Le corrispondenze sono lette dai dati del paziente e dal testo dello studio: conferma l'eleggibilità con il gruppo dello studio.",
    why: 'Ricevi questa email perché hai attivato «Avvisami di nuovi studi compatibili» in OncoDesk; al massimo una al giorno.',
    stopFolder: 'Interrompi gli avvisi per questa cartella',
    stopAll: 'Interrompi tutti gli avvisi sugli studi',
  },
};

export interface DigestFolder {
  name: string;
  resultsLink: string;
  unsubscribeLink: string;
  trials: Array<Pick<DigestItem, 'title' | 'nctId' | 'trialId' | 'reason'> & { link: string }>;
}

/**
 * The daily digest: per folder its trials (title, NCT id, why, a link into the app) and a link that stops
 * that folder's alerts; at the end one that stops all. Plain text with every link on its own line, and
 * simple HTML; everything that came from users or registries is escaped.
 */
export function renderDigest(options: { to: string; language: string | null | undefined; name: string; folders: DigestFolder[]; unsubscribeAllLink: string }): MailMessage {
  const lang = mailLanguage(options.language);
  const t = texts[lang];
  const count = options.folders.reduce((n, f) => n + f.trials.length, 0);
  const id = (x: { nctId: string | null; trialId: string }) => x.nctId ?? x.trialId;
  const lines = [t.greeting(options.name), '', t.intro, ''];
  for (const f of options.folders) {
    lines.push(`== ${f.name} ==`);
    for (const x of f.trials) lines.push(`- ${x.title} (${id(x)}): ${t.reasons[x.reason]}`, `  ${x.link}`);
    lines.push(`${t.openResults}:`, f.resultsLink, `${t.stopFolder}:`, f.unsubscribeLink, '');
  }
  lines.push(t.caution, '', t.why, `${t.stopAll}:`, options.unsubscribeAllLink, '', footer[lang]);

  const e = escapeHtml;
  const folders = options.folders
    .map(
      (f) => `<h3 style="margin:20px 0 6px">${e(f.name)}</h3>
<ul>${f.trials.map((x) => `<li><a href="${e(x.link)}">${e(x.title)}</a> (${e(id(x))}): <b>${e(t.reasons[x.reason])}</b></li>`).join('')}</ul>
<p><a href="${e(f.resultsLink)}">${e(t.openResults)}</a> · <a href="${e(f.unsubscribeLink)}" style="color:#777">${e(t.stopFolder)}</a></p>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${e(t.greeting(options.name))}</p>
<p>${e(t.intro)}</p>
${folders}
<p>${e(t.caution)}</p>
<p style="font-size:12px;color:#555">${e(t.why)} <a href="${e(options.unsubscribeAllLink)}">${e(t.stopAll)}</a></p>
<p style="font-size:12px;color:#777">${e(footer[lang])}</p>
</body></html>`;
  return { to: options.to, subject: t.subject(count), text: lines.join('\n'), html, listUnsubscribe: options.unsubscribeAllLink };
}
