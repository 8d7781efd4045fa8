import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { Health } from '@oncodesk/shared/contracts';
import type { Db } from '../db';

const startedAt = Date.now();

export interface HealthOptions {
  database: Db;
  version: string;
  /** Whether the trial knowledge base has finished loading after start, and its size. */
  trials: () => { ready: boolean; count: number };
}

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { database, version, trials }) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: Health } } }, async () => {
    await sql`select 1`.execute(database.db); // proves the database answers
    return { status: 'ok' as const, database: database.kind, version, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), trials: trials() };
  });
};
