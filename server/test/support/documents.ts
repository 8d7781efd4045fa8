import type { FastifyInstance } from 'fastify';
import { ReportDocument } from '@oncodesk/shared/contracts';

/**
 * The report once its reading has ended (read, failed or not understood). Readings run in child processes
 * (OCR, page rendering) that share the machine with the rest of the suite: on CI's two busy cores one takes
 * seconds to tens of seconds, so the wait is a deadline, not a count of polls.
 */
export async function settledDocument(app: FastifyInstance, headers: Record<string, string>, id: string, ms = 90_000): Promise<ReportDocument> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const d = ReportDocument.parse((await app.inject({ method: 'GET', url: `/api/documents/${id}`, headers })).json());
    if (d.status !== 'processing') return d;
  }
  throw new Error(`report ${id} still processing after ${ms} ms`);
}
