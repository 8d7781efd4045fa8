import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health, HealthLive, HealthReady } from '@oncodesk/shared/contracts';
import type { Db } from '../db';
import type { DatabaseProbe } from './databaseProbe';

const startedAt = Date.now();
const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000);

export interface HealthOptions {
  database: Db;
  /** The app's one probe of the database (both registrations of these routes share it). */
  probe: DatabaseProbe;
  version: string;
  /** Whether the trial knowledge base has finished loading after start, and its size. */
  trials: () => { ready: boolean; count: number };
}

/**
 * Three probes, none of them shed (http/loadShedding.ts exempts them):
 * - `/health/live`: liveness, the process answers (an orchestrator restarts it when this fails);
 * - `/health/ready`: readiness, 503 while the instance is saturated or its database does not answer (a
 *   balancer drains it meanwhile; it comes back by itself once the load falls);
 * - `/health`: the original check (database answers, version, trials loaded), kept as it was for
 *   existing scripts and probes.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { database, probe, version, trials }) => {
  const tags = ['health'];
  app.get('/health', { schema: { tags, response: { 200: Health } } }, async () => {
    // proves the database answers (a failure is the 500 it always was)
    if (!(await probe.answers())) throw new Error('the database did not answer select 1');
    return { status: 'ok' as const, database: database.kind, version, uptimeSeconds: uptimeSeconds(), trials: trials() };
  });

  app.get('/health/live', { schema: { tags, response: { 200: HealthLive } } }, async () => ({ status: 'ok' as const, uptimeSeconds: uptimeSeconds() }));

  app.get('/health/ready', { schema: { tags, response: { 200: HealthReady, 503: HealthReady } } }, async (_request, reply) => {
    const load = app.loadState?.() ?? { ready: true, reasons: [], inFlight: 0, heavyWaiting: 0, eventLoopDelayMs: 0 };
    const figures = { inFlight: load.inFlight, searchesWaiting: load.heavyWaiting, eventLoopDelayMs: load.eventLoopDelayMs };
    // a saturated instance says so at once: its database queue is what is long
    if (!load.ready) return reply.status(503).send({ status: 'busy' as const, reasons: load.reasons as HealthReady['reasons'], ...figures });
    if (!(await probe.answers())) return reply.status(503).send({ status: 'unavailable' as const, reasons: ['database' as const], ...figures });
    return { status: 'ok' as const, reasons: [], ...figures };
  });
};
