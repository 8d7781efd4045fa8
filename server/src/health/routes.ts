import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { Health } from '@oncodesk/shared/contracts';
import type { Db } from '../db';

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod<{ database: Db; version: string }> = async (app, { database, version }) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: Health } } }, async () => {
    await sql`select 1`.execute(database.db); // proves the database answers
    return { status: 'ok' as const, database: database.kind, version, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
  });
};
