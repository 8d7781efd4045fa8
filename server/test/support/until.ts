/** Polls `check` every `everyMs` until it holds; throws "timed out" after `ms` (a job or another instance acting in the background). */
export async function until(check: () => boolean | Promise<boolean>, ms = 30_000, everyMs = 50): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
