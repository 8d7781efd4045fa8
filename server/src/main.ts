// first: V8 settings that must hold before the server allocates (runtime/v8Tuning.ts)
import './runtime/v8Tuning';
import { loadConfig } from './config/env';
import { buildApp } from './app';

async function main() {
  const config = loadConfig();
  const app = await buildApp({ config, warmUp: true });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`OncoDesk on ${config.publicUrl} (database: ${app.database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
