import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RuntimeConfig } from '@oncodesk/shared/contracts';
import type { ServerConfig } from './config/env';
import { openDatabase, type Db } from './db';
import { notFoundHandler, registerErrorHandling } from './http/errors';
import { resolveSecret, sessionPlugin } from './http/session';
import { passwordHasher } from './auth/passwords';
import { authService } from './auth/service';
import { authRoutes } from './auth/routes';
import { usersStorage } from './users/storage';
import { usersService } from './users/service';
import { usersRoutes } from './users/routes';
import { healthRoutes } from './health/routes';
import { webPlugin, remoteNames } from './web/plugin';
import { demoCredentials, seedDemoAccount } from './demo/seed';

export const version = '0.1.0';

export interface AppOptions {
  config: ServerConfig;
  /** An already opened database (tests share one); otherwise opened from the config. */
  database?: Db;
  /** Serve built frontends (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
}

/**
 * Composes the server: one Fastify plugin per domain under /api, each given only the services it needs,
 * plus the web plugin that serves the frontends and their runtime configuration.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance & { database: Db }> {
  const { config } = options;
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const app = Fastify({
    logger: options.logger === false ? false : {
      level: config.logLevel,
      // Never log credentials or tokens.
      redact: ['req.headers.authorization', 'req.body.password', 'req.query.jwt'],
    },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const passwords = passwordHasher(config.argon2);
  const runtimeConfig = (): RuntimeConfig => ({
    remotes: Object.fromEntries(remoteNames.map((n) => [n, config.remoteUrls[n] ?? `/remotes/${n}/mf-manifest.json`])),
    services: { api: '/api' },
    features: { google: false, wallet: false },
    demo: config.demoAccount ? demoCredentials : null,
    version,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'OncoDesk API', version, description: 'Beta. Not HIPAA compliant, not medical advice; demo data only.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(sessionPlugin, { secret: resolveSecret(config.jwtSecret, config.dataDir), ttlHours: config.jwtTtlHours });

  const users = usersStorage(database.db);
  await app.register(
    async (api) => {
      api.setNotFoundHandler(notFoundHandler);
      await api.register(healthRoutes, { database, version });
      await api.register(authRoutes, { auth: authService({ users, passwords, sessions: app.sessions }) });
      await api.register(usersRoutes, { users: usersService(users) });
    },
    { prefix: '/api' },
  );
  if (options.serveWeb !== false) await app.register(webPlugin, { staticDir: config.staticDir, runtimeConfig });
  else app.setNotFoundHandler(notFoundHandler);
  if (config.demoAccount) await seedDemoAccount(database, passwords);

  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });
  return Object.assign(app, { database });
}
