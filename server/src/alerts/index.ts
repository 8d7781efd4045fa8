import type { AlertsService } from './service';

export { alertsRoutes } from './routes';
export { alertsService, VISIT_WINDOW_MINUTES, type AlertsService, type AlertsDeps, type RematchJob } from './service';
export { registerAlertJobs, REMATCH_JOB, DIGEST_JOB, DIGEST_CRON } from './jobs';
export { alertsStorage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alerts on new matching trials: the job handlers (rematch, digest) for the queue and for tests. */
    alerts: AlertsService;
  }
}
