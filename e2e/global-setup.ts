import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { peerServices } from './fixtures/services';
import { startStaticServer } from './fixtures/staticServer';
import { appPort, appUrl, embedPort, mailDir, repoRoot, runDir } from './fixtures/paths';
import { checkRunLog } from './fixtures/logSecrets';

/**
 * Waits until the server answers and its trial knowledge base is loaded. A first start imports and compiles the
 * shared trials (minutes of CPU on a busy 2-core machine) and rebuilds the demo workspace: tests run against
 * it meanwhile would measure that start, not the feature (pages blocked behind the import, shed calls).
 * How a first start behaves under traffic is the server suite's and the load bench's subject.
 */
async function waitForHealth(child: ChildProcess, timeoutMs = 900_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app server exited with ${child.exitCode}; see ${path.join(runDir, 'server.log')}`);
    try {
      const response = await fetch(`${appUrl}/api/health`);
      if (response.ok && ((await response.json()) as { trials?: { ready?: boolean } }).trials?.ready) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('app server did not become healthy');
}

/**
 * Starts the real stack for the browser tests: protocol peers (SMTP, ...), the built app server on its
 * own fresh data folder (embedded PGlite, or DATABASE_URL when E2E_DATABASE_URL is set), and a foreign
 * origin serving e2e/embed for the embedding test.
 */
export default async function globalSetup() {
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  const stops: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {};
  for (const service of peerServices) {
    const started = await service.start();
    Object.assign(env, started.env);
    stops.push(started.stop);
  }
  const log = fs.openSync(path.join(runDir, 'server.log'), 'a');
  // E2E_SERVER_NODE_ARGS: node options for the app server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p" to see where a
  // run's server time goes (NODE_OPTIONS refuses --cpu-prof, and would profile the test runner too)
  const serverNodeArgs = (process.env.E2E_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...serverNodeArgs, path.join(repoRoot, 'server', 'dist', 'main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(runDir, 'data'),
      PUBLIC_URL: appUrl,
      // info: every request's URL is logged, so the run's end can check the log holds no secret (fixtures/logSecrets.ts)
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
      // Every browser test comes from 127.0.0.1: the per-IP limit would throttle the suite, not a user.
      // (The limiter itself is tested by the server suite.)
      AUTH_RATE_LIMIT_IP_PER_MINUTE: '100000',
      // readings at the server's priority: the server suite runs beside this one on CI's two cores, and a niced
      // reading waits behind it for minutes
      DOCUMENTS_READING_NICE: '0',
      CORS_ORIGINS: `http://127.0.0.1:${embedPort}`,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', log, log],
  });
  stops.push(
    () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  );
  try {
    await waitForHealth(server);
  } catch (error) {
    for (const stop of stops.reverse()) await stop();
    throw error;
  }
  const embed = await startStaticServer(path.join(repoRoot, 'e2e', 'embed'), embedPort);
  stops.push(embed.stop);
  return async () => {
    for (const stop of stops.reverse()) await stop();
    // the whole run's server log against every secret the run's mails carried (throws on a leak)
    const checked = checkRunLog(runDir, mailDir);
    console.log(`log secrets: none of ${checked.secrets} mailed secrets nor any signed token in ${checked.logBytes} bytes of server log`);
  };
}
