/**
 * Secrets that travel in URLs (a mailed link's token, a download ticket, a share's hash, the OpenID
 * callback's code and state, a one-time sign-in code) are capabilities: whoever reads the request log
 * could use them. Every URL the server logs passes through `redactUrl` first (the request serializer in
 * app.ts), so the log keeps the route and the harmless parameters and never the secret itself.
 */

/** Query parameters whose value is a credential, wherever they appear. */
const SECRET_PARAMS = new Set(['token', 'ticket', 'code', 'state', 'jwt', 'hash', 'session_state', 'id_token', 'access_token', 'refresh_token', 'password', 'secret', 'key', 'signature', 'nonce']);

/** Paths whose last segments are a capability: the public share page and its API. */
const SECRET_PATHS: RegExp[] = [
  // the mailed share link (frontend page) and the public share API: /download/<hash>, /api/vault/public/<hash>[/download]
  /^(\/download\/)[^/?#]+/,
  /^(\/api\/vault\/public\/)[^/?#]+/,
];

export const REDACTED = '[REDACTED]';

/** The URL (path and query, as Fastify's request.url holds it) with every secret replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutFragment = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = withoutFragment.indexOf('?');
  let path = queryAt >= 0 ? withoutFragment.slice(0, queryAt) : withoutFragment;
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryAt < 0) return path;
  // parameter by parameter on the raw text: a malformed escape must not make the secret slip through whole
  const query = withoutFragment
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq >= 0 ? pair.slice(0, eq) : pair;
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        /* keep the raw name */
      }
      return eq >= 0 && SECRET_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
