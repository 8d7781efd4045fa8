import path from 'node:path';
import { spawn } from 'node:child_process';

/** Starts the local OpenID provider (./oidc-provider.mjs) in a child process; resolves with its issuer URL. */
export async function startOidcProvider(options: { clientId: string; clientSecret: string; redirectUris: string[]; port?: number }) {
  const child = spawn(
    process.execPath,
    [
      path.join(__dirname, 'oidc-provider.mjs'),
      '--port', String(options.port ?? 0),
      '--client-id', options.clientId,
      '--client-secret', options.clientSecret,
      ...options.redirectUris.flatMap((u) => ['--redirect-uri', u]),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const issuer = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n')[0];
      if (buffer.includes('\n')) resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
    child.once('exit', (code) => reject(new Error(`OpenID provider exited with ${code}`)));
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A tiny cookie jar for following the provider's redirects with fetch. */
export function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    store(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair.split('=');
        cookies.set(name.trim(), value.join('='));
      }
    },
  };
}
