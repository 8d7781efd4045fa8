import crypto from 'node:crypto';
import { escapeHtml, mailLanguage } from '../mail/templates';
import { signedTokens } from '../http/signedTokens';

type Lang = ReturnType<typeof mailLanguage>;

/**
 * Unsubscribe links work signed out, so they carry their own proof: the user (and the folder, or none
 * for "all") in a JWT of this purpose only (http/signedTokens.ts). A token can only turn alerts off and
 * expires after UNSUBSCRIBE_LINK_DAYS: every digest carries fresh links, and a link copied from an old
 * mail or a log is not good forever. An expired link shows the invalid-link page, which says where to turn
 * alerts off signed in.
 */
export const UNSUBSCRIBE_LINK_DAYS = 90;
export interface UnsubscribeClaim {
  userId: string;
  /** null: every folder of the user. */
  patientId: string | null;
}

export function unsubscribeTokens(secret: string | Uint8Array) {
  const tokens = signedTokens(secret, 'alerts-unsubscribe');
  const legacy = legacyTokens(secret);
  return {
    sign(claim: UnsubscribeClaim, now = Date.now()): Promise<string> {
      return tokens.sign({ sub: claim.userId, folder: claim.patientId }, Math.floor(now / 1000) + UNSUBSCRIBE_LINK_DAYS * 86_400, now);
    },
    /** The claim of a genuine, unexpired token, else null. */
    async verify(token: string, now = Date.now()): Promise<UnsubscribeClaim | null> {
      if (token.split('.').length === 2) return legacy.verify(token, now);
      const c = await tokens.verify(token, now);
      if (!c || typeof c.sub !== 'string' || (c.folder !== null && typeof c.folder !== 'string')) return null;
      return { userId: c.sub, patientId: c.folder };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;

/**
 * The links mailed before tokens were JWTs: `payload.mac`, HMAC-SHA256 by hand. Still read (never made)
 * until the last of them has expired (UNSUBSCRIBE_LINK_DAYS after the release that stopped making them,
 * i.e. after 2027-02-25), so a digest already in an inbox keeps its working link; then remove this.
 */
function legacyTokens(secret: string | Uint8Array) {
  const key = crypto.createHmac('sha256', secret).update('oncodesk alerts unsubscribe v1').digest();
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest();
  return {
    verify(token: string, now: number): UnsubscribeClaim | null {
      const [payload, mac, extra] = token.split('.');
      if (!payload || !mac || extra !== undefined) return null;
      const given = Buffer.from(mac, 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      try {
        const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; p?: unknown; e?: unknown };
        if (typeof c.u !== 'string' || (c.p !== null && typeof c.p !== 'string')) return null;
        if (typeof c.e !== 'number' || c.e * 1000 <= now) return null;
        return { userId: c.u, patientId: c.p };
      } catch {
        return null;
      }
    },
  };
}

interface PageTexts {
  title: string;
  askFolder: string;
  askAll: string;
  button: string;
  doneFolder: string;
  doneAll: string;
  already: string;
  invalid: string;
  open: string;
}

const texts: Record<Lang, PageTexts> = {
  en: {
    title: 'OncoDesk trial alerts',
    askFolder: 'Stop the alert mails about new matching trials for this patient folder?',
    askAll: 'Stop every alert mail about new matching trials, for all your patient folders?',
    button: 'Stop alerts',
    doneFolder: "Alerts for this patient folder are off. You can turn them on again on the folder's results page.",
    doneAll: "All your trial alerts are off. You can turn them on again on a folder's results page.",
    already: 'These alerts were already off: you will get no more alert mails for them.',
    invalid: 'This link is not valid. Sign in to OncoDesk to change your alerts on a folder\'s results page.',
    open: 'Open OncoDesk',
  },
  es: {
    title: 'Alertas de ensayos de OncoDesk',
    askFolder: '¿Dejar de recibir correos de alerta sobre nuevos ensayos coincidentes para esta carpeta de paciente?',
    askAll: '¿Dejar de recibir todos los correos de alerta sobre nuevos ensayos coincidentes, para todas sus carpetas de pacientes?',
    button: 'Detener las alertas',
    doneFolder: 'Las alertas de esta carpeta de paciente están desactivadas. Puede volver a activarlas en la página de resultados de la carpeta.',
    doneAll: 'Todas sus alertas de ensayos están desactivadas. Puede volver a activarlas en la página de resultados de una carpeta.',
    already: 'Estas alertas ya estaban desactivadas: no recibirá más correos de alerta sobre ellas.',
    invalid: 'Este enlace no es válido. Inicie sesión en OncoDesk para cambiar sus alertas en la página de resultados de una carpeta.',
    open: 'Abrir OncoDesk',
  },
  it: {
    title: 'Avvisi sugli studi di OncoDesk',
    askFolder: 'Interrompere le email di avviso sui nuovi studi compatibili per questa cartella paziente?',
    askAll: 'Interrompere tutte le email di avviso sui nuovi studi compatibili, per tutte le tue cartelle paziente?',
    button: 'Interrompi gli avvisi',
    doneFolder: 'Gli avvisi per questa cartella paziente sono disattivati. Puoi riattivarli nella pagina dei risultati della cartella.',
    doneAll: 'Tutti i tuoi avvisi sugli studi sono disattivati. Puoi riattivarli nella pagina dei risultati di una cartella.',
    already: 'Questi avvisi erano già disattivati: non riceverai più email di avviso per loro.',
    invalid: 'Questo link non è valido. Accedi a OncoDesk per cambiare i tuoi avvisi nella pagina dei risultati di una cartella.',
    open: 'Apri OncoDesk',
  },
};

export type PageState = { kind: 'ask'; scope: 'folder' | 'all'; token: string } | { kind: 'done'; scope: 'folder' | 'all'; turnedOff: number } | { kind: 'invalid' };

export const PAGE_CSS = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f5f5;color:#222;margin:0;padding:24px 16px;line-height:1.5}
main{max-width:520px;margin:8vh auto;background:#fff;border-radius:10px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 12px}button{background:#5b3cc4;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:15px;cursor:pointer}
a{color:#5b3cc4}p.small{font-size:13px;color:#666}`;

/**
 * The signed-out page of an unsubscribe link, in the user's language. Opening the link (GET) only asks:
 * mail scanners and link previews fetch links, so the change is a POST from the button. No script and
 * no inline style: the stylesheet is a file of the same origin, so a strict Content-Security-Policy holds.
 */
export function unsubscribePage(language: string | null | undefined, state: PageState, urls: { action: string; css: string; app: string }): string {
  const lang = mailLanguage(language);
  const t = texts[lang];
  const e = escapeHtml;
  let body: string;
  if (state.kind === 'ask') {
    body = `<p data-testid="unsubscribe-question">${e(state.scope === 'all' ? t.askAll : t.askFolder)}</p>
<form method="post" action="${e(urls.action)}"><input type="hidden" name="token" value="${e(state.token)}"><button type="submit" data-testid="unsubscribe-confirm">${e(t.button)}</button></form>`;
  } else if (state.kind === 'done') {
    body = `<p data-testid="unsubscribe-done">${e(state.turnedOff === 0 ? t.already : state.scope === 'all' ? t.doneAll : t.doneFolder)}</p>`;
  } else {
    body = `<p data-testid="unsubscribe-invalid">${e(t.invalid)}</p>`;
  }
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${e(t.title)}</title><link rel="stylesheet" href="${e(urls.css)}"></head>
<body><main><h1>${e(t.title)}</h1>
${body}
<p class="small"><a href="${e(urls.app)}">${e(t.open)}</a></p></main></body></html>`;
}
