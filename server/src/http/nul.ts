import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** The first place a NUL character sits in a parsed value (a JSON string, a key, a query or path parameter). */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const at = String(k).includes('\u0000') ? `${path}.${k}` : nulAt(v, path ? `${path}.${k}` : String(k), depth + 1);
    if (at) return at;
  }
  return null;
}

/**
 * A NUL character is refused everywhere with a 400 before any route runs: PostgreSQL cannot store it in
 * text (the route then answered 500), and no field of ours has a use for it. One hook for every route,
 * so no contract can forget it.
 */
export function refuseNul(app: Pick<FastifyInstance, 'addHook'>): void {
  app.addHook('preValidation', async (request) => {
    const at = nulAt(request.params, 'params') ?? nulAt(request.query, 'query') ?? nulAt(request.body, 'body');
    if (at) throw badRequest('validation_failed', [{ path: at.replace(/^(?:params|query|body)\.?/, '') || at, code: 'invalid_characters' }]);
  });
}
