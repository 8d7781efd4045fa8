import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GeoFeatureType, GeoRetrieveParams, GeoRetrieveQuery, GeoRetrieveResponse, GeoSuggestQuery, GeoSuggestResponse } from '@oncodesk/shared/contracts';
import { AppError } from '../http/errors';
import { GeoError, type GeoService } from './service';

function rethrow(e: unknown): never {
  if (e instanceof GeoError) throw new AppError(e.statusCode, e.code);
  throw e;
}

/**
 * Offline place search for location questions and trial-site distance. Public (no session needed): the
 * data is public and nothing about the user is stored; each search carries a client-made UUID
 * `sessionToken` (see the geo contract). Options: `geo` (the service), `warmUp` (build the index at start).
 */
export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService; warmUp?: boolean }> = async (app, { geo, warmUp }) => {
  // The index takes a few seconds of CPU to build (a fraction of one read from CACHE_DIR); with warmUp it is
  // ready right after start instead of on the first search, and the log says how it came.
  if (warmUp)
    app.addHook('onReady', async () =>
      void setImmediate(() => {
        const { from, buildMs, cities } = geo.warmUp();
        app.log.info({ from, ms: buildMs, cities }, 'gazetteer ready');
      }),
    );
  app.get('/maps/suggest', { schema: { tags: ['maps'], querystring: GeoSuggestQuery, response: { 200: GeoSuggestResponse } } }, async (request) => {
    const { q, ...params } = request.query;
    try {
      return { sessionToken: params.sessionToken, suggestions: geo.suggest(q, params) };
    } catch (e) {
      rethrow(e);
    }
  });

  app.get(
    '/maps/suggest/:type',
    { schema: { tags: ['maps'], params: z.object({ type: GeoFeatureType }), querystring: GeoSuggestQuery.omit({ types: true }), response: { 200: GeoSuggestResponse } } },
    async (request) => {
      const { q, ...params } = request.query;
      try {
        return { sessionToken: params.sessionToken, suggestions: geo.suggest(q, { ...params, types: [request.params.type] }) };
      } catch (e) {
        rethrow(e);
      }
    },
  );

  app.get('/maps/retrieve/:id', { schema: { tags: ['maps'], params: GeoRetrieveParams, querystring: GeoRetrieveQuery, response: { 200: GeoRetrieveResponse } } }, async (request) => {
    try {
      return { feature: geo.retrieve(request.params.id, request.query.sessionToken, request.query.lang) };
    } catch (e) {
      rethrow(e);
    }
  });
};
