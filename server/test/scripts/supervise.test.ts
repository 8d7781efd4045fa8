import path from 'node:path';
import { spawn } from 'node:child_process';

// `npm start` (scripts/start.mjs) runs the server through scripts/supervise.mjs: the script must exit as
// the server did, and a server killed by a signal is a failure (128 + signal), never exit 0.
const supervisor = path.resolve(__dirname, '..', '..', '..', 'scripts', 'supervise.mjs');

/** Exit status of a script that supervises `node -e <childCode>` the way start.mjs supervises the server. */
function superviseChild(childCode: string): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const script = `import { supervise } from ${JSON.stringify(supervisor)};
supervise(process.execPath, ['-e', ${JSON.stringify(childCode)}], { stdio: 'inherit' });`;
  return new Promise((resolve, reject) => {
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
    parent.once('error', reject);
    parent.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

describe('scripts/supervise.mjs (npm start)', () => {
  jest.setTimeout(60_000);

  it('exits 0 when the server exits 0', async () => {
    expect(await superviseChild('process.exit(0)')).toEqual({ code: 0, signal: null });
  });

  it('exits with the server\'s own code', async () => {
    expect(await superviseChild('process.exit(3)')).toEqual({ code: 3, signal: null });
  });

  it('exits 137 when the server is killed by SIGKILL (e.g. the OOM killer)', async () => {
    expect(await superviseChild('process.kill(process.pid, "SIGKILL")')).toEqual({ code: 137, signal: null });
  });

  it('exits 143 when the server dies of a SIGTERM it did not handle', async () => {
    expect(await superviseChild('process.kill(process.pid, "SIGTERM")')).toEqual({ code: 143, signal: null });
  });
});
