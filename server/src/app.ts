import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RuntimeConfig } from '@oncodesk/shared/contracts';
import type { ServerConfig } from './config/env';
import { openDatabase, type Db } from './db';
import { protectDataDir } from './config/dataDir';
import { frameworkErrors, notFoundHandler, registerErrorHandling } from './http/errors';
import { refuseNul } from './http/nul';
import { redactUrl } from './http/redact';
import { strictJson } from './http/json';
import { noStoreApiJson } from './http/noStore';
import { loadShedding } from './http/loadShedding';
import { bodyTimeouts, serverTimeoutOptions } from './http/timeouts';
import { securityHeaders, swaggerUiCsp } from './http/security';
import { sessionRoutes } from './auth/sessionRoutes';
import { resolveSecret, sessionPlugin } from './http/session';
import { passwordHasher } from './auth/passwords';
import { authService } from './auth/service';
import { authRoutes } from './auth/routes';
import { authLimitsPlugin, authRateLimiter } from './auth/rateLimit';
import { walletSignIn } from './auth/wallet';
import { googleSignIn } from './auth/google';
import { signinCodes } from './auth/signinCodes';
import { createMailer } from './mail';
import { plansService } from './plans/service';
import { plansRoutes } from './plans/routes';
import { usersStorage } from './users/storage';
import { usersService } from './users/service';
import { usersRoutes } from './users/routes';
import { sql } from 'kysely';
import { healthRoutes } from './health/routes';
import { DatabaseProbe } from './health/databaseProbe';
import { geoService, keepGeoSnapshotsIn } from './geo/service';
import { geoRoutes } from './geo/routes';
import { SurveyService } from './survey/service';
import { surveyRoutes } from './survey/routes';
import { surveyStorage } from './survey/storage';
import { folderPatients } from './survey/derivedPatient';
import { createGuidelinesDomain, guidelinesRoutes } from './guidelines';
import { documentsRoutes, documentsService, documentsStorage } from './documents';
import { fhirRoutes, fhirService } from './fhir';
import { createPatientsDomain, patientsRoutes } from './patients';
import { createTrialsDomain, trialsRoutes } from './trials/domain';
import { createVault, vaultRoutes } from './vault';
import { compatRoutes } from './compat/routes';
import { requireVerifiedEmail } from './auth/verification';
import { verifiedEmailActions } from '@oncodesk/shared/contracts';
import { webPlugin, remoteNames } from './web/plugin';
import { demoCredentials, seedDemoAccount } from './demo/seed';
import { demoWorkspace, type DemoWorkspace } from './demo/workspace';
import { chatRoutes, chatService, chatStorage, localModelAnswerer, modelAnswerer } from './chat';
import { alertsRoutes, alertsService } from './alerts';
import { registerAlertJobs } from './alerts/jobs';
import { registerVaultJobs } from './vault/jobs';
import { sharedDataDir } from './config/sharedData';
import { createJobQueue, jobsRoutes, type JobQueue } from './jobs';
import { trialChanges } from './trials/changes';
import { registerTrialJobs } from './trials/jobs';
import { retryingMailer } from './mail/retry';

export const version = '0.1.0';

export interface AppOptions {
  config: ServerConfig;
  /** An already opened database (tests share one); otherwise opened from the config. */
  database?: Db;
  /** Serve built frontends (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Where the log goes (tests read it); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Build in-memory indexes (gazetteer, ...) right after start instead of on first use (on in production). */
  warmUp?: boolean;
}

/**
 * Composes the server: one Fastify plugin per domain under /api, each given only the services it needs,
 * plus the web plugin that serves the frontends and their runtime configuration.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance & { database: Db; jobs: JobQueue }> {
  const { config } = options;
  // DATA_DIR is private (0700 folders, 0600 files) before anything is written there
  protectDataDir(config.dataDir);
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax, pgliteThread: config.pgliteThread }));
  const app = Fastify({
    logger: options.logger === false ? false : {
      level: config.logLevel,
      // Never log credentials or tokens: every logged URL passes the redactor (http/redact.ts).
      redact: ['req.headers.authorization', 'req.body.password'],
      serializers: { req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort }) },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // Path parameters up to a full email address (254) and more; Fastify's default of 100 cut long emails off with a bare 414.
    routerOptions: { maxParamLength: 512 },
    frameworkErrors,
    // forwarded headers (X-Forwarded-For) are believed only from the configured proxies: anyone else could
    // rotate them to escape the per-address limits
    trustProxy: config.trustProxy,
    // headers and whole-request bounds, enforced by Node on every connection (http/timeouts.ts)
    ...serverTimeoutOptions(config.timeouts),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // the gazetteer's tables are read from CACHE_DIR when a start (or another instance) built them before
  keepGeoSnapshotsIn(config.cacheDir, (message) => app.log.warn(message));
  // JSON bodies decoded strictly: invalid UTF-8 is a 400, not stored as U+FFFD
  strictJson(app);
  refuseNul(app);
  // JSON under /api may hold patient data: never stored by a cache
  noStoreApiJson(app);
  // a body that stops arriving is cut (408), and only a complete one is admitted by the load shedding
  await app.register(bodyTimeouts, config.timeouts);
  if (config.loadShedding) await app.register(loadShedding, config.loadShedding);

  const passwords = passwordHasher(config.argon2);
  const runtimeConfig = (): RuntimeConfig => ({
    remotes: Object.fromEntries(remoteNames.map((n) => [n, config.remoteUrls[n] ?? `/remotes/${n}/mf-manifest.json`])),
    services: { api: '/api' },
    features: { google: Boolean(config.google), wallet: config.wallet },
    demo: config.demoAccount ? demoCredentials : null,
    version,
  });

  // CSP (nonce per response), nosniff, Referrer-Policy, frame-ancestors, HSTS on https: every response
  await app.register(securityHeaders, { publicUrl: config.publicUrl, runtimeConfig, frameAncestors: config.frameAncestors, corsOrigins: config.corsOrigins });
  // Pages on other origins that embed a remote (mount) call the API and read the runtime config.
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins, credentials: false });
  // sessions and the one way into /api (http/access.ts), before any route so the gate sees them all
  const sessionSecret = resolveSecret(config.jwtSecret, config.dataDir);
  await app.register(sessionPlugin, { secret: sessionSecret, ttlHours: config.jwtTtlHours, db: database.db });
  await app.register(swagger, {
    openapi: {
      info: { title: 'OncoDesk API', version, description: 'Beta. Not HIPAA compliant, not medical advice; demo data only.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  // no validator badge: it would load an image from validator.swagger.io (outside the CSP); the logo's style by hash
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null }, transformStaticCSP: swaggerUiCsp });
  // rate limits and sign-in throttling counted in the database, shared by every instance
  await app.register(authLimitsPlugin, { db: database.db, secret: sessionSecret });
  // background work, once across instances: pg-boss on PostgreSQL, in-process on PGlite
  const jobs = await createJobQueue(database, app.log);
  app.addHook('onReady', async () => jobs.start());
  // a mail the transport refuses (SMTP down) is retried by the job queue, not lost
  const mailer = await retryingMailer(createMailer(config, app.log), jobs, app.log);

  const users = usersStorage(database.db);
  // Survey, patient folders and trials share one survey service; trials load after listen (see trials/loader).
  const survey = new SurveyService({ geo: () => geoService() });
  const surveyStore = surveyStorage(database.db);
  const folders = folderPatients(survey, surveyStore);
  const patients = createPatientsDomain({ db: database.db, survey, surveyStorage: surveyStore });
  const trialsDomain = createTrialsDomain({ db: database.db, log: app.log, patients, folders, matchThreads: config.matchThreads });
  app.decorate('trialStore', trialsDomain.store);
  const guidelines = createGuidelinesDomain({ log: app.log, packsDir: config.guidelinePacksDir, defaultPackId: config.guidelineDefaultPack, folders, patients: patients.service });
  const changes = trialChanges(database, app.log);
  await registerTrialJobs({ jobs, store: trialsDomain.store, storage: trialsDomain.storage, changes, sync: config.trialSync, log: app.log });
  // the first-start import (or a recompile) is a job: with N instances one of them does it
  app.addHook('onListen', async () => trialsDomain.store.startInBackground(options.warmUp ?? false, async () => void (await jobs.send('trials.import', {}))));
  // one probe of the database for both registrations of the health routes, probing from when the server listens
  const probe = new DatabaseProbe(() => sql`select 1`.execute(database.db));
  app.addHook('onListen', async () => void probe.start());
  const health = { database, probe, version, trials: () => ({ ready: trialsDomain.store.ready, count: trialsDomain.store.engine.size }) };
  let demo: DemoWorkspace | null = null;
  await app.register(
    async (api) => {
      api.setNotFoundHandler(notFoundHandler);
      await api.register(healthRoutes, health);
      await api.register(jobsRoutes, { jobs, opsToken: config.opsToken });
      // one account service for the REST routes and the spec's compatibility calls (compat/)
      const auth = authService({ db: database.db, users, passwords, sessions: app.sessions, mailer, publicUrl: config.publicUrl, log: app.log });
      const wallet = config.wallet ? walletSignIn({ db: database.db, users, publicUrl: config.publicUrl }) : null;
      await api.register(authRoutes, {
        auth,
        wallet,
        google: config.google
          ? googleSignIn({ config: config.google, publicUrl: config.publicUrl, secret: sessionSecret, db: database.db, users, log: app.log })
          : null,
        limits: config.authRateLimit,
        publicUrl: config.publicUrl,
        signinCodes: signinCodes(database.db),
      });
      await api.register(sessionRoutes);
      await api.register(usersRoutes, { users: usersService(users, database.db) });
      await api.register(plansRoutes, { plans: plansService(database.db), limiter: (scope) => authRateLimiter(scope, config.authRateLimit) });
      const geo = geoService();
      await api.register(geoRoutes, { geo, warmUp: options.warmUp ?? false });
      await api.register(surveyRoutes, { survey, storage: surveyStore, folders, geo });
      await api.register(patientsRoutes, { patients: patients.service });
      await api.register(guidelinesRoutes, { guidelines });
      await api.register(trialsRoutes, { trials: trialsDomain.trials, searchGuard: requireVerifiedEmail(database.db, verifiedEmailActions.searchTrials) });
      const vault = createVault({ database, config, mailer, sessions: app.sessions, secret: sessionSecret, log: app.log, periodicSweep: false });
      app.addHook('onClose', async () => vault.stop());
      // the sweep (orphans, expired uploads) hourly, once across instances
      await registerVaultJobs(jobs, vault);
      app.addHook('onListen', async () => void (await jobs.send('vault.sweep', {}, { startAfterSeconds: 1 })));
      await api.register(vaultRoutes, { ...vault, shareGuard: requireVerifiedEmail(database.db, verifiedEmailActions.shareVaultFiles) });
      // the spec's vault and account calls, on the same services and guards
      await api.register(compatRoutes, { db: database.db, vault: vault.service, auth, wallet, limits: config.authRateLimit });
      const reportMaxBytes = config.documents?.maxFileBytes ?? config.vault.maxFileBytes;
      const documents = documentsService({ storage: documentsStorage(database.db), vault: vault.service, patients: patients.service, folders, survey, maxBytes: reportMaxBytes, log: app.log, reading: config.documents?.reading });
      await api.register(documentsRoutes, { documents, maxBytes: reportMaxBytes });
      const fhir = fhirService({ patients: patients.service, folders, survey, log: app.log });
      await api.register(fhirRoutes, { fhir });
      const model = config.llm ? modelAnswerer(config.llm) : config.localLlm ? localModelAnswerer(config.localLlm, app.log) : null;
      if (model) app.addHook('onClose', async () => model.close());
      await api.register(chatRoutes, { chat: chatService({ storage: chatStorage(database.db), patients: patients.service, trials: trialsDomain.trials, catalogue: () => trialsDomain.store.engine.trials(), guidelines, documents, model, log: app.log }) });
      // alerts on new matching trials; registerAlertJobs(queue, app.alerts) runs its jobs
      const alerts = alertsService({ db: database.db, store: trialsDomain.store, trials: trialsDomain.trials, mailer, publicUrl: config.publicUrl, secret: sessionSecret, log: app.log });
      app.decorate('alerts', alerts);
      // after each trial sync ('alerts.rematch', sent by trials/jobs.ts) and a daily digest, once across instances
      await registerAlertJobs(jobs, alerts);
      await api.register(alertsRoutes, { alerts });
      if (config.demoAccount && config.demoWorkspace) {
        demo = demoWorkspace({ db: database.db, patients: patients.service, folders, survey, documents, fhir, trials: trialsDomain.trials, vault: vault.service, sharedDataDir: sharedDataDir(), log: app.log });
        // rebuilt at start and daily, by one instance (a job; reset() also claims its row), once the
        // trials are loaded there (its searches need them)
        const workspace = demo;
        await jobs.work<{ minAgeHours: number }>(
          'demo.rebuild',
          async ({ minAgeHours }) => {
            await trialsDomain.store.loading;
            await workspace.reset({ minAgeHours });
          },
          { singleton: true, retryLimit: 2, retryDelaySeconds: 120 },
        );
        await jobs.schedule('demo.rebuild', '41 * * * *', { minAgeHours: 23.5 });
        app.addHook('onListen', async () => void (await jobs.send('demo.rebuild', { minAgeHours: 0.15 })));
      }
    },
    { prefix: '/api' },
  );
  // Also at the root, where load balancers and orchestrators look for it.
  await app.register(healthRoutes, health);
  if (options.serveWeb !== false) await app.register(webPlugin, { staticDir: config.staticDir, runtimeConfig });
  else app.setNotFoundHandler(notFoundHandler);
  if (config.demoAccount) await seedDemoAccount(database, passwords);

  app.addHook('onClose', async () => {
    probe.stop();
    await jobs.stop();
    await trialsDomain.store.close();
    await changes.close();
    mailer.close?.();
    if (!options.database) await database.close();
  });
  return Object.assign(app, { database, demo, jobs });
}
