type Lang = 'en' | 'es' | 'it';

/** The share mail, en/es/it. `{owner}`, `{name}`, `{link}` and `{hours}` are filled in. */
const shareMail: Record<Lang, { subject: string; text: string }> = {
  en: {
    subject: '{owner} shared "{name}" with you on OncoDesk',
    text:
      '{owner} shared "{name}" with you on OncoDesk.\n\nOpen or download it here (the link works for {hours} hours):\n{link}\n\n' +
      'OncoDesk is a beta with demo data only: it is not HIPAA compliant and is not medical advice.',
  },
  es: {
    subject: '{owner} ha compartido "{name}" con usted en OncoDesk',
    text:
      '{owner} ha compartido "{name}" con usted en OncoDesk.\n\nÁbralo o descárguelo aquí (el enlace funciona durante {hours} horas):\n{link}\n\n' +
      'OncoDesk es una beta solo con datos de demostración: no cumple HIPAA y no es consejo médico.',
  },
  it: {
    subject: '{owner} ha condiviso "{name}" con Lei su OncoDesk',
    text:
      '{owner} ha condiviso "{name}" con Lei su OncoDesk.\n\nLo apra o lo scarichi qui (il link funziona per {hours} ore):\n{link}\n\n' +
      'OncoDesk è una beta con soli dati dimostrativi: non è conforme HIPAA e non è un parere medico.',
  },
};

export function shareMailFor(lang: Lang, params: { owner: string; name: string; link: string; hours: number }) {
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k as keyof typeof params]) : m));
  return { subject: fill(shareMail[lang].subject), text: fill(shareMail[lang].text) };
}
