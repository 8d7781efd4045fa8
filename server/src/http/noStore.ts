import type { FastifyInstance } from 'fastify';

/**
 * Every JSON answer under /api may carry patient data or an account's (a folder, a profile, a share
 * list, an error naming a field): `Cache-Control: no-store`, so neither a shared proxy nor the browser's
 * disk cache keeps a copy after the session ends. One hook for every route, so a new one cannot forget
 * it. A route that set its own policy keeps it (the unsubscribe page's stylesheet, file downloads); the
 * public runtime configuration is served outside /api (/config/runtime.json) and stays cacheable.
 */
export function noStoreApiJson(app: Pick<FastifyInstance, 'addHook'>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control') || !request.url.startsWith('/api/')) return payload;
    if (String(reply.getHeader('content-type') ?? '').includes('json')) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
