/**
 * Security headers (issue 16): every response carries a Content-Security-Policy that allows scripts and
 * styles only from the app's origin and the configured remotes' origins, with a nonce fresh per response
 * that the served index.html hands to the page; nosniff, Referrer-Policy, frame-ancestors from
 * FRAME_ANCESTORS, HSTS only when PUBLIC_URL is https. The web plugin runs against a fake build folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { swaggerLogoStyle } from '../../src/http/security';

jest.setTimeout(120_000);

/** The directives of a CSP header, by name. */
function csp(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

const nonceOf = (sources: string[]) => sources.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-csp-'));
// as html-webpack-plugin writes it (minified): an inline <style> and a deferred script
const indexHtml =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>OncoDesk</title><style>#root{min-height:100%}</style>' +
  '<script defer src=/main.0123456789.js></script></head><body><div id=root></div></body></html>';

let t: TestApp;
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];

/** The whole server (frontends served) with these environment variables on top of the test defaults. */
async function webApp(env: Record<string, string> = {}) {
  // load shedding off: a busy test machine must not answer 503 here (it has its own tests)
  const config = loadConfig({ DATA_DIR: t.config.dataDir, DEMO_ACCOUNT: 'false', LOG_LEVEL: 'silent', LOAD_SHED: 'false', STATIC_DIR: staticDir, ...env });
  const app = await buildApp({ config, database: t.app.database, logger: false });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  fs.mkdirSync(path.join(staticDir, 'host'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'host', 'index.html'), indexHtml);
  fs.writeFileSync(path.join(staticDir, 'host', 'main.0123456789.js'), 'console.log(1)');
  fs.mkdirSync(path.join(staticDir, 'remote-auth'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'remote-auth', 'remoteEntry.js'), 'var remote_auth={}');
  t = await startTestApp();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('on plain http (the default PUBLIC_URL)', () => {
  let web: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    web = await webApp({ REMOTE_VAULT_URL: 'https://cdn.example.org/vault/mf-manifest.json' });
  });

  it('an API answer carries a CSP with no inline script, no plugins, no foreign <base>, and the other headers', async () => {
    const res = await web.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    for (const directive of ['script-src', 'style-src']) {
      expect(policy[directive]).not.toContain("'unsafe-inline'");
      expect(policy[directive]).not.toContain("'unsafe-eval'");
      expect(policy[directive]).not.toContain('*');
    }
    // plain http: asking the browser to upgrade would break a LAN deployment
    expect(policy['upgrade-insecure-requests']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('scripts, styles and fetches may come from a remote configured on another origin, and only from there', async () => {
    const policy = csp((await web.inject({ url: '/api/health' })).headers['content-security-policy']);
    for (const directive of ['script-src', 'style-src', 'connect-src', 'img-src']) {
      expect(policy[directive]).toContain("'self'");
      expect(policy[directive]).toContain('https://cdn.example.org');
    }
    const hosts = (d: string) => policy[d].filter((s) => /^https?:\/\//.test(s));
    expect(hosts('script-src')).toEqual(['https://cdn.example.org']);
    expect(hosts('connect-src')).toEqual(['https://cdn.example.org']);
  });

  it('every page response gets its own nonce, in the CSP header and in the served index.html', async () => {
    const seen = new Set<string>();
    for (const url of ['/', '/', '/index.html', '/vault', '/download/abc']) {
      const res = await web.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      const policy = csp(res.headers['content-security-policy']);
      const style = nonceOf(policy['style-src']);
      const script = nonceOf(policy['script-src']);
      expect(style).toMatch(/^[0-9a-f]{32}$/);
      expect(script).toMatch(/^[0-9a-f]{32}$/);
      // the page reads the style nonce from the meta tag; its own <style> and <script> carry theirs
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${style}">`);
      expect(res.body).toContain(`<style nonce="${style}">#root{min-height:100%}</style>`);
      expect(res.body).toContain(`<script nonce="${script}" defer src=/main.0123456789.js></script>`);
      expect(seen.has(style!)).toBe(false);
      seen.add(style!);
    }
  });

  it('a rebuilt index.html is served at once, with a nonce', async () => {
    const file = path.join(staticDir, 'host', 'index.html');
    fs.writeFileSync(file, indexHtml.replace('main.0123456789.js', 'main.abcdef0123.js'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    try {
      const res = await web.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(res.body).toMatch(/<script nonce="[0-9a-f]{32}" defer src=\/main\.abcdef0123\.js>/);
    } finally {
      fs.writeFileSync(file, indexHtml);
    }
  });

  it("a remote's files may be loaded by pages on other origins (embedding)", async () => {
    const res = await web.inject({ url: '/remotes/auth/remoteEntry.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the API documentation page is served under the policy (its scripts and styles are its own files)', async () => {
    const page = await web.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    // its one inline <style> (the logo's) is allowed by hash there, and nowhere else
    const logoHash = `'sha256-${crypto.createHash('sha256').update(swaggerLogoStyle).digest('base64')}'`;
    const docsPolicy = csp(page.headers['content-security-policy']);
    expect(docsPolicy['style-src']).toContain(logoHash);
    expect(docsPolicy['style-src']).not.toContain("'unsafe-inline'");
    expect(nonceOf(docsPolicy['script-src'])).toBeDefined();
    expect(csp((await web.inject({ url: '/api/health' })).headers['content-security-policy'])['style-src']).not.toContain(logoHash);
    const preset = require.resolve('@fastify/swagger-ui/static/swagger-ui-standalone-preset.js');
    expect(fs.readFileSync(preset, 'utf8')).toContain(`"style",null,"${swaggerLogoStyle}"`);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="/); // no inline script, which script-src would refuse
      expect(body.trim()).toBe('');
    }
  });

  it('errors carry the headers too', async () => {
    const res = await web.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('configured', () => {
  it('HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    const web = await webApp({ PUBLIC_URL: 'https://oncodesk.example.org' });
    const res = await web.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(csp(res.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
  });

  it('FRAME_ANCESTORS lets named portals frame the app (X-Frame-Options, which cannot name them, is dropped)', async () => {
    const web = await webApp({ FRAME_ANCESTORS: "'self' https://portal.example.org", CORS_ORIGINS: 'https://portal.example.org' });
    const res = await web.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'", 'https://portal.example.org']);
    expect(res.headers['x-frame-options']).toBeUndefined();
    // pages embedding a remote load the app's files and downloads from their origin
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const none = await webApp({ FRAME_ANCESTORS: "'none'" });
    const r2 = await none.inject({ url: '/api/health' });
    expect(csp(r2.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    expect(r2.headers['x-frame-options']).toBe('DENY');
  });

  it('a FRAME_ANCESTORS value that is not a CSP source refuses to start', () => {
    for (const bad of ["'none' https://a.example.org", 'javascript:alert(1)', "'unsafe-inline'", 'https://a.example.org; script-src *']) {
      expect(() => loadConfig({ FRAME_ANCESTORS: bad })).toThrow(/FRAME_ANCESTORS/);
    }
    expect(loadConfig({ FRAME_ANCESTORS: 'https://a.example.org, https://*.b.example.org:8443' }).frameAncestors).toEqual([
      'https://a.example.org',
      'https://*.b.example.org:8443',
    ]);
  });
});
