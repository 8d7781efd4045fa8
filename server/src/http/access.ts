import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/**
 * The one way into /api: every route under it needs a session, checked in `onRequest` (before the body is
 * read, parsed or validated, so an anonymous body costs nothing and learns nothing), except the routes
 * listed here. Adding a public route means adding it to this list, with why; the route-table test
 * (test/http/access.test.ts) fails on an entry that names no route, and calls every other route
 * anonymously expecting 401.
 *
 * - `public`: anyone (signing in or up, recovering an account, reading public configuration, health, the
 *   API documentation, a mailed link that is itself the credential: share hash, unsubscribe token).
 * - `ticket`: a download the browser opens itself (a link cannot send a header): a session when the
 *   request carries an Authorization header or no `ticket` query parameter, else the route checks the
 *   download ticket (vault/tickets.ts).
 * - `ops`: the operator's routes, behind OPS_TOKEN checked by the route (jobs/routes.ts), not a session.
 *
 * OPTIONS is never authenticated: CORS preflights carry no credentials by design, and tus answers its
 * capabilities to anyone; neither does anything.
 */
export type Access = 'public' | 'ticket' | 'ops';

/** `METHOD /api/path` as Fastify names the route (HEAD follows its GET); a trailing `*` covers a subtree. */
export const PUBLIC_ROUTES: Readonly<Record<string, Access>> = {
  // health, liveness and readiness, for balancers and orchestrators
  'GET /api/health*': 'public',
  // the API documentation (swagger-ui's pages and the OpenAPI document)
  'GET /api/docs*': 'public',
  // accounts: sign up, sign in (password, wallet, Google), verification and recovery by mailed token
  'POST /api/auth/signup': 'public',
  'POST /api/auth/signin': 'public',
  'GET /api/email/exists/:email': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/verify-email/resend': 'public',
  'POST /api/auth/recover': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/wallet/nonce': 'public',
  'POST /api/auth/wallet/signin': 'public',
  'GET /api/auth/google/start': 'public',
  'GET /api/auth/google/callback': 'public',
  'POST /api/auth/signin-code': 'public',
  // the spec's account calls (compat/accountCalls.ts): the same, under the spec's names
  'POST /api/auth/email': 'public',
  'POST /api/signup': 'public',
  'GET /api/signup/send-email': 'public',
  'GET /api/verify-registration-token': 'public',
  'POST /api/user/recover/password': 'public',
  'POST /api/user/reset/password': 'public',
  'POST /api/user/link': 'public',
  // public reference data: plans on offer, guideline packs, place names for the survey's location
  // question, the questionnaire itself (its questions, the actions an answer implies, autocompletion: no
  // user data)
  'GET /api/plans': 'public',
  'GET /api/guidelines/packs': 'public',
  'GET /api/maps/suggest': 'public',
  'GET /api/maps/suggest/:type': 'public',
  'GET /api/maps/retrieve/:id': 'public',
  'GET /api/survey/question': 'public',
  'POST /api/survey/process-actions': 'public',
  'GET /api/survey/autocomplete': 'public',
  'GET /api/survey/autocomplete-possible-answer': 'public',
  // a shared file's mailed link: the hash is the credential
  'GET /api/vault/public/:hash': 'public',
  'GET /api/vault/public/:hash/download': 'public',
  'GET /api/share': 'public',
  // a digest's unsubscribe link: the signed token is the credential (RFC 8058 one-click POST too)
  'GET /api/alerts/unsubscribe': 'public',
  'POST /api/alerts/unsubscribe': 'public',
  'GET /api/alerts/unsubscribe.css': 'public',
  'GET /api/vault/items/:id/download': 'ticket',
  'GET /api/vault/items/:id/zip': 'ticket',
  'GET /api/ops/jobs/failed': 'ops',
  'POST /api/ops/trials/sync': 'ops',
};

/** The access rule of a route (null: a session is required), from its method and Fastify URL pattern. */
export function accessOf(method: string, url: string): Access | null {
  const m = method === 'HEAD' ? 'GET' : method;
  const exact = PUBLIC_ROUTES[`${m} ${url}`];
  if (exact) return exact;
  for (const [key, access] of Object.entries(PUBLIC_ROUTES)) {
    if (key.endsWith('*') && `${m} ${url}`.startsWith(key.slice(0, -1))) return access;
  }
  return null;
}

const API = /^\/api(\/|$)/;

/** One row of the route table: every route, with the rule applied to it (for the route-table test). */
export interface RouteAccess {
  method: string;
  url: string;
  /** null: not under /api (pages, files, the root /health); 'session': a session is required. */
  access: Access | 'session' | 'options' | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the gate, with the access rule it gets. */
    routeAccess: RouteAccess[];
  }
}

/**
 * Installs the gate on `app` (the root: it sees every route): records each route's rule as it is added
 * and authenticates in onRequest every /api request whose route needs a session.
 */
export function guardApi(app: FastifyInstance, authenticate: (request: FastifyRequest) => Promise<void>): void {
  const table: RouteAccess[] = [];
  app.decorate('routeAccess', table);
  const ruleOf = (method: string, url: string): RouteAccess['access'] => {
    if (!API.test(url)) return null;
    if (method === 'OPTIONS') return 'options';
    return accessOf(method, url) ?? 'session';
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access: ruleOf(method, route.url) });
  });
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // no route (404): nothing is read or run; the not-found answer is the same signed in or not
    if (url === undefined) return;
    const rule = ruleOf(request.method, url);
    if (rule === 'session') return authenticate(request);
    if (rule === 'ticket' && (request.headers.authorization || !(request.query as { ticket?: unknown } | undefined)?.ticket)) return authenticate(request);
  });
}
