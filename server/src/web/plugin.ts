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
      setHeaders: cacheHeaders,
    });
    decorated = true;
  }
  const hostBuilt = fs.existsSync(path.join(dirs.host, 'index.html'));
  if (hostBuilt) {
    await app.register(fastifyStatic, {
      root: dirs.host,
      prefix: '/',
      decorateReply: !decorated,
      cacheControl: false,
      index: 'index.html',
      wildcard: true,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }

  app.setNotFoundHandler((request, reply: FastifyReply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (hostBuilt && request.method === 'GET' && wantsHtml && !request.url.startsWith('/api/') && !request.url.startsWith('/remotes/')) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html', dirs.host);
    }
    return notFoundHandler(request, reply);
  });
}
