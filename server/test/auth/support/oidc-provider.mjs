// A local OpenID provider (npm oidc-provider) standing in for Google in tests: a real authorization
// server with discovery, PKCE, ID tokens and a sign-in form, so the app's OIDC client runs unchanged.
// Run as a child process (oidc-provider is ESM only):
//   node oidc-provider.mjs --port 0 --client-id ID --client-secret SECRET --redirect-uri URL
// It prints one JSON line {"issuer": "..."} when ready. The sign-in form asks for an email, whether
// the provider vouches for it (email_verified) and an optional subject, so tests choose the identity.
import http from 'node:http';
import { parseArgs } from 'node:util';
import Provider from 'oidc-provider';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
  },
});

/** accountId -> claims, filled by the sign-in form. */
const accounts = new Map();

const server = http.createServer();
await new Promise((resolve) => server.listen(Number(values.port), '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: values['client-id'],
      client_secret: values['client-secret'],
      redirect_uris: values['redirect-uri'],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
  scopes: ['openid', 'email', 'profile'],
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  cookies: { keys: ['test-only-cookie-key'] },
  async findAccount(ctx, id) {
    const claims = accounts.get(id);
    if (!claims) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
  },
  // Tests sign in again and again in one browser; never reuse a session silently.
  ttl: { Session: 1, Interaction: 600, Grant: 600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
});
provider.proxy = true;

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const callback = provider.callback();
server.on('request', async (req, res) => {
  const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
  if (!match) return callback(req, res);
  try {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Test identity provider</title></head><body>
<h1>Test identity provider</h1><p>Signing in to ${escape(details.params.client_id)}</p>
<form method="post" action="/interaction/${escape(details.uid)}">
<label>Email <input name="email" type="email" data-testid="idp-email" required></label>
<label>Name <input name="name" data-testid="idp-name"></label>
<label><input type="checkbox" name="email_verified" value="true" checked data-testid="idp-verified"> Email verified</label>
<label>Subject <input name="sub" data-testid="idp-sub"></label>
<button type="submit" data-testid="idp-submit">Continue</button>
</form></body></html>`);
      return;
    }
    const form = await readForm(req);
    const email = form.get('email') ?? '';
    const accountId = form.get('sub') || `sub-${email}`;
    const name = form.get('name') || '';
    accounts.set(accountId, {
      email,
      email_verified: form.get('email_verified') === 'true',
      ...(name ? { name, given_name: name.split(' ')[0], family_name: name.split(' ').slice(1).join(' ') || undefined } : {}),
    });
    const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  } catch (error) {
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end(String(error));
  }
});

process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
// Never outlive the test run that started us (e.g. when its setup failed before it could stop us).
const parent = process.ppid;
setInterval(() => process.ppid !== parent && process.exit(0), 1000).unref();
