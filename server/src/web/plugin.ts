import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RuntimeConfig } from '@oncodesk/shared/contracts';
import { notFoundHandler } from '../http/errors';

export const remoteNames = ['auth', 'vault', 'trials', 'chat'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** Where each built app lives: STATIC_DIR/<app> when configured, else <repo>/<app>/dist. */
export function appDirs(staticDir: string | null): { host: string; remotes: Record<RemoteName, string> } {
  const repoRoot = path.resolve(__dirname, '..', '..', '..');
  const dir = (app: string) => (staticDir ? path.join(staticDir, app) : path.join(repoRoot, app, 'dist'));
  return {
    host: dir('host'),
    remotes: Object.fromEntries(remoteNames.map((n) => [n, dir(`remote-${n}`)])) as Record<RemoteName, string>,
  };
}

/** Manifests and entry points must be revalidated (a remote can be redeployed); hashed chunks never change. */
function cacheHeaders(reply: FastifyReply, filePath: string) {
  const name = path.basename(filePath);
  if (/\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg)$/.test(name)) {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    reply.header('Cache-Control', 'no-cache');
  }
  if (name === 'mf-manifest.json' || name === 'remoteEntry.js') reply.header('Access-Control-Allow-Origin', '*');
}

/** A remote's files are code for any page that embeds it (`<script src>` from another origin). */
function remoteHeaders(reply: FastifyReply, filePath: string) {
  cacheHeaders(reply, filePath);
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
}

/**
 * The host's index.html with this response's CSP nonces (`reply.cspNonce`, fresh per response from
 * @fastify/helmet, see http/security.ts): on its inline <style> and its <script> tags, and in
 * `<meta property="csp-nonce" nonce="…">`, where the page reads the style nonce at boot for the <style>
 * elements antd and the apps inject (shared/src/ui/csp.ts). Browsers hide a nonce attribute's value from
 * the DOM (only the element's .nonce property has it), so CSS cannot read it out. The file is read again
 * only when it changes on disk.
 */
function hostPage(file: string) {
  let cached: { mtimeMs: number; html: string } | null = null;
  const read = (): string => {
    const { mtimeMs } = fs.statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return cached.html;
  };
  return (reply: FastifyReply) => {
    const nonce = reply.cspNonce;
    let html = read();
    if (nonce) {
      const attr = (value: string) => `nonce="${value}"`;
      html = html
        .replace(/<style(?=[\s>])/gi, `<style ${attr(nonce.style)}`)
        .replace(/<script(?=[\s>])/gi, `<script ${attr(nonce.script)}`)
        .replace(/<\/head>/i, `<meta property="csp-nonce" ${attr(nonce.style)}></head>`);
    }
    // never stored: each response has its own nonce
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  };
}

/**
 * Serves the built host at / and each remote under /remotes/<name>/, the runtime configuration, and the
 * single-page fallback: any other GET that wants HTML gets the host's index.html.
 */
export async function webPlugin(app: FastifyInstance, options: { staticDir: string | null; runtimeConfig: () => RuntimeConfig }) {
  const dirs = appDirs(options.staticDir);

  app.get('/config/runtime.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return options.runtimeConfig();
  });
  app.get('/config/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return options.runtimeConfig().remotes;
  });

  let decorated = false;
  for (const name of remoteNames) {
    if (!fs.existsSync(dirs.remotes[name])) continue;
    await app.register(fastifyStatic, {
      root: dirs.remotes[name],
      prefix: `/remotes/${name}/`,
      decorateReply: !decorated,
      cacheControl: false,
      preCompressed: true,
      setHeaders: remoteHeaders,
    });
    decorated = true;
  }
  const hostIndex = path.join(dirs.host, 'index.html');
  const hostBuilt = fs.existsSync(hostIndex);
  const sendHostPage = hostPage(hostIndex);
  if (hostBuilt) {
    // index.html is rendered per response (its nonces), never sent as the file on disk
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendHostPage(reply));
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendHostPage(reply));
    await app.register(fastifyStatic, {
      root: dirs.host,
      prefix: '/',
      decorateReply: !decorated,
      cacheControl: false,
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }

  app.setNotFoundHandler((request, reply: FastifyReply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (hostBuilt && request.method === 'GET' && wantsHtml && !request.url.startsWith('/api/') && !request.url.startsWith('/remotes/')) {
      return sendHostPage(reply);
    }
    return notFoundHandler(request, reply);
  });
}
