import type { MailMessage } from './index';

type Lang = 'en' | 'es' | 'it';
export type MailKind = 'verify_email' | 'reset_password';

interface Template {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  ignore: string;
}

export const footer: Record<Lang, string> = {
  en: 'OncoDesk (beta: demo data only, not medical advice).',
  es: 'OncoDesk (beta: solo datos de demostración, no es consejo médico).',
  it: 'OncoDesk (beta: solo dati dimostrativi, non è un consiglio medico).',
};

// {name} and {hours}/{minutes} are filled in; the link goes on its own line so every client shows it whole.
const templates: Record<MailKind, Record<Lang, Template>> = {
  verify_email: {
    en: {
      subject: 'Verify your OncoDesk email address',
      greeting: 'Hello {name},',
      body: 'Please confirm your email address by opening the link below. It works once and expires in {hours} hours.',
      action: 'Verify my email',
      ignore: 'If you did not create an OncoDesk account, you can ignore this email.',
    },
    es: {
      subject: 'Verifique su correo electrónico de OncoDesk',
      greeting: 'Hola {name}:',
      body: 'Confirme su dirección de correo abriendo el siguiente enlace. Funciona una sola vez y caduca en {hours} horas.',
      action: 'Verificar mi correo',
      ignore: 'Si no creó una cuenta de OncoDesk, puede ignorar este correo.',
    },
    it: {
      subject: 'Verifica il tuo indirizzo email OncoDesk',
      greeting: 'Ciao {name},',
      body: 'Conferma il tuo indirizzo email aprendo il link qui sotto. Funziona una sola volta e scade tra {hours} ore.',
      action: 'Verifica la mia email',
      ignore: 'Se non hai creato un account OncoDesk, puoi ignorare questa email.',
    },
  },
  reset_password: {
    en: {
      subject: 'Reset your OncoDesk password',
      greeting: 'Hello {name},',
      body: 'We received a request to reset your password. Open the link below to choose a new one. It works once and expires in {minutes} minutes.',
      action: 'Choose a new password',
      ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    },
    es: {
      subject: 'Restablezca su contraseña de OncoDesk',
      greeting: 'Hola {name}:',
      body: 'Recibimos una solicitud para restablecer su contraseña. Abra el siguiente enlace para elegir una nueva. Funciona una sola vez y caduca en {minutes} minutos.',
      action: 'Elegir una nueva contraseña',
      ignore: 'Si no lo solicitó, ignore este correo: su contraseña no cambia.',
    },
    it: {
      subject: 'Reimposta la tua password OncoDesk',
      greeting: 'Ciao {name},',
      body: 'Abbiamo ricevuto una richiesta di reimpostare la tua password. Apri il link qui sotto per sceglierne una nuova. Funziona una sola volta e scade tra {minutes} minuti.',
      action: 'Scegli una nuova password',
      ignore: 'Se non l\'hai richiesto tu, ignora questa email: la tua password resta invariata.',
    },
  },
};

/** en / es / it from a user's language (en-US, es-ES, it-IT); anything else is English. */
export function mailLanguage(language: string | null | undefined): Lang {
  const tag = (language ?? '').slice(0, 2).toLowerCase();
  return tag === 'es' || tag === 'it' ? tag : 'en';
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A translated mail with a single action link, as plain text and simple HTML. */
export function renderMail(
  kind: MailKind,
  options: { to: string; language: string | null | undefined; name: string; link: string; values?: Record<string, string | number> },
): MailMessage {
  const lang = mailLanguage(options.language);
  const t = templates[kind][lang];
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, key: string) => String(key === 'name' ? options.name : options.values?.[key] ?? ''));
  const lines = [fill(t.greeting), '', fill(t.body), '', options.link, '', fill(t.ignore), '', footer[lang]];
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(fill(t.greeting))}</p>
<p>${escapeHtml(fill(t.body))}</p>
<p><a href="${escapeHtml(options.link)}" style="background:#5b3cc4;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="font-size:12px;color:#555">${escapeHtml(options.link)}</p>
<p>${escapeHtml(fill(t.ignore))}</p>
<p style="font-size:12px;color:#777">${escapeHtml(footer[lang])}</p>
</body></html>`;
  return { to: options.to, subject: t.subject, text: lines.join('\n'), html, link: options.link };
}
