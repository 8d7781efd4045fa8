// Runs one child process in the foreground for a script (`npm start`): Ctrl-C / SIGTERM go to the child,
// and the script exits as the child did. A child killed by a signal (SIGKILL by the OOM killer, SIGSEGV,
// SIGTERM from elsewhere) is a failure, reported the way shells do (128 + the signal's number), so
// supervisors and CI see it; before, `exit(code ?? 0)` turned it into a success.
import os from 'node:os';
import { spawn } from 'node:child_process';

/** The exit status for a child that ended with `code` or was killed by `signal`. */
export function exitStatusOf(code, signal) {
  if (code !== null && code !== undefined) return code;
  const number = signal ? os.constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}

/** Spawns the child, forwards SIGINT / SIGTERM to it, and exits with its status when it ends. */
export function supervise(command, args, options) {
  const child = spawn(command, args, options);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(exitStatusOf(code, signal)));
  child.on('error', (error) => {
    console.error(error);
    process.exit(1);
  });
  return child;
}
