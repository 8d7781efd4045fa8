import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CachedMatchQuery,
  CatalogueStatus,
  CachedMatchResponse,
  ComorbiditiesMatchRequest,
  ComorbiditiesMatchResponse,
  ExportQuery,
  ExportResponse,
  FindMatchRequest,
  FindMatchResponse,
  GenerateBlurbRequest,
  GenerateBlurbResponse,
  LikeRequest,
  LikesResponse,
  MatchOneRequest,
  MatchOneResponse,
  MatchminerFindMatchRequest,
  MatchminerFindMatchResponse,
  PatientNormalizationRequest,
  PatientNormalizationResponse,
  PreFilterRequest,
  PreFilterResponse,
  ReMatchRequest,
  ReMatchResponse,
  TrialDetailQuery,
  TrialDetailResponse,
  TrialParams,
  TrialsPatientQuery,
  TrialsPatientResponse,
  UpdateCriterionRequest,
  UpdateCriterionResponse,
} from '@oncodesk/shared/contracts';
import { languageOf } from '../http/messages';
import { toCsv } from './export';
import type { TrialsService } from './service';

const lang = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

/**
 * The trials API around the matching engine. Everything needs a session; folder ids are always looked
 * up with the caller's user id, so another user's folder answers 404 and changes nothing. Searches
 * (find-match, matchminer/find-match) spend one credit and return the credits left.
 */
export const trialsRoutes: FastifyPluginAsyncZod<{
  trials: TrialsService;
  /** Searches need a verified email (preHandler from auth/verification). */
  searchGuard?: (request: FastifyRequest) => Promise<void>;
}> = async (app, { trials, searchGuard }) => {
  const tags = ['trials'];
  const security = [{ bearer: [] }];
  const s = <T extends object>(schema: T) => ({ schema: { tags, security, ...schema } });
  // The engine's result lists (0.5–1 MB for 50 explained trials) are written without checking them against
  // their schema again: the handler's return type is that schema's type (checked by tsc through the type
  // provider), and the runtime check cost 155–200 ms of event loop per search (bench:load), during which no
  // other call was served. The schema still documents the route and types the handler.
  const engineOutput = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
  // Runs after the session hook (a route preHandler runs after the instance's preHandler hooks).
  const search = <T extends object>(schema: T) => ({ ...s(schema), ...engineOutput, preHandler: searchGuard ? [searchGuard] : [] });

  app.post('/trials/find-match', search({ body: FindMatchRequest, response: { 200: FindMatchResponse } }), async (request) => trials.findMatch(request.userId, request.body));
  app.get('/trials/find-match', { ...s({ querystring: CachedMatchQuery, response: { 200: CachedMatchResponse } }), ...engineOutput }, async (request) =>
    trials.cachedSearch(request.userId, request.query.patientId, request.query.searchKey),
  );

  app.post('/trials/matchminer/find-match', search({ body: MatchminerFindMatchRequest, response: { 200: MatchminerFindMatchResponse } }), async (request) =>
    trials.matchminerFind(request.userId, request.body),
  );
  app.post('/trials/matchminer/pre-filter', s({ body: PreFilterRequest, response: { 200: PreFilterResponse } }), async (request) => trials.preFilter(request.body));
  app.post('/trials/matchminer/comorbidities-match', s({ body: ComorbiditiesMatchRequest, response: { 200: ComorbiditiesMatchResponse } }), async (request) =>
    trials.comorbidities(request.body),
  );
  app.post('/trials/matchminer/patient-normalization', s({ body: PatientNormalizationRequest, response: { 200: PatientNormalizationResponse } }), async (request) =>
    trials.normalize(request.body.text),
  );

  app.post('/trials/match', s({ body: MatchOneRequest, response: { 200: MatchOneResponse } }), async (request) => ({
    patientId: request.body.patientId,
    result: await trials.matchOne(request.userId, request.body.patientId, request.body.trialId),
  }));
  app.post('/trials/re-match', { ...s({ body: ReMatchRequest, response: { 200: ReMatchResponse } }), ...engineOutput }, async (request) => trials.reMatch(request.userId, request.body.patientId, request.body.searchKey));
  app.get('/trials/patient', s({ querystring: TrialsPatientQuery, response: { 200: TrialsPatientResponse } }), async (request) => trials.patient(request.userId, request.query.patientId));
  app.post('/trials/update-criterion', s({ body: UpdateCriterionRequest, response: { 200: UpdateCriterionResponse } }), async (request) =>
    trials.updateCriterion(request.userId, request.body),
  );
  app.post('/trials/generate-blurb', s({ body: GenerateBlurbRequest, response: { 200: GenerateBlurbResponse } }), async (request) =>
    trials.blurb(request.userId, request.body.patientId, request.body.trialId, request.body.lang ?? lang(request)),
  );

  app.get('/trials/likes', s({ querystring: LikeRequest, response: { 200: LikesResponse } }), async (request) => trials.likes(request.userId, request.query.patientId));
  app.put('/trials/:trialId/like', s({ params: TrialParams, body: LikeRequest, response: { 200: LikesResponse } }), async (request) =>
    trials.setLike(request.userId, request.body.patientId, request.params.trialId, true),
  );
  app.delete('/trials/:trialId/like', s({ params: TrialParams, querystring: LikeRequest, response: { 200: LikesResponse } }), async (request) =>
    trials.setLike(request.userId, request.query.patientId, request.params.trialId, false),
  );

  /** JSON feeds the printable view; CSV downloads as a file. */
  app.get('/trials/export', s({ querystring: ExportQuery }), async (request, reply) => {
    const data = ExportResponse.parse(await trials.exportData(request.userId, request.query.patientId, request.query.searchKey, lang(request)));
    if (request.query.format === 'json') return data;
    const name = `oncodesk-trials-${data.folderName.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40) || 'patient'}.csv`;
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(toCsv(data));
  });

  app.get('/trials/catalogue', s({ response: { 200: CatalogueStatus } }), async () => trials.catalogue());
  app.get('/trials/:trialId', s({ params: TrialParams, querystring: TrialDetailQuery, response: { 200: TrialDetailResponse } }), async (request) =>
    trials.detail(request.userId, request.params.trialId, request.query.patientId),
  );
};
