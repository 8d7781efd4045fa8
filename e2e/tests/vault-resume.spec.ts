import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { expect, test, type Page, type Request } from '@playwright/test';
import { createAccount, signIn } from '../fixtures/account';

/** The client's tus chunk (remote-vault/src/upload/tus.ts): one PATCH carries at most this many bytes. */
const CHUNK = 50 * 1024 * 1024;

const names = (page: Page) => page.locator('[data-testid^="item-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(5)));

/** tus requests of the vault as the browser sends them: method, Upload-Offset and status. */
function tusTraffic(page: Page) {
  const seen: { method: string; offset: number | null; status: number | null; responseOffset: number | null }[] = [];
  const isTus = (r: Request) => new URL(r.url()).pathname.startsWith('/api/vault/uploads');
  page.on('requestfinished', async (request) => {
    if (!isTus(request)) return;
    const response = await request.response();
    const offset = request.headers()['upload-offset'];
    const responseOffset = response?.headers()['upload-offset'];
    seen.push({ method: request.method(), offset: offset == null ? null : Number(offset), status: response?.status() ?? null, responseOffset: responseOffset == null ? null : Number(responseOffset) });
  });
  return seen;
}

test('vault: an upload cut by a page reload resumes from the stored offset when the same file is picked again', async ({ page }) => {
  test.setTimeout(240_000);
  // A file on disk, so its name, size and modification time (the tus fingerprint) are the same both times
  // it is picked; bigger than one tus chunk, so the upload takes two PATCH requests.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-resume-'));
  const file = path.join(dir, 'ct-scan.pdf');
  fs.writeFileSync(file, Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(CHUNK + 3 * 1024 * 1024), Buffer.from('\n%%EOF\n')]));
  const size = fs.statSync(file).size;

  const { email } = await createAccount();
  await signIn(page, email);
  await page.goto('/vault');
  await expect(page.getByTestId('vault-empty')).toBeVisible();

  // The first chunk goes through; the second is held, as a link that stalls mid-upload would.
  let holding = true;
  let heldSecond!: () => void;
  const secondHeld = new Promise<void>((resolve) => (heldSecond = resolve));
  await page.route('**/api/vault/uploads/**', async (route) => {
    if (holding && route.request().method() === 'PATCH' && Number(route.request().headers()['upload-offset']) > 0) {
      heldSecond();
      return; // never answered: the reload cancels it
    }
    await route.continue();
  });
  const before = tusTraffic(page);
  await page.getByTestId('file-input').setInputFiles(file);
  await secondHeld;
  await expect.poll(() => before.filter((r) => r.method === 'PATCH')).toEqual([{ method: 'PATCH', offset: 0, status: 204, responseOffset: CHUNK }]);
  expect(before.filter((r) => r.method === 'POST')).toHaveLength(1);
  // The upload's URL is stored under its fingerprint until it succeeds.
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tus::oncodesk-vault:ct-scan.pdf:')));
  expect(stored).toHaveLength(1);
  await expect(page.getByTestId('item-ct-scan.pdf')).toHaveCount(0);

  // Reload mid-upload, then pick the same file again.
  await page.reload();
  holding = false;
  await expect(page.getByTestId('vault-empty')).toBeVisible({ timeout: 30_000 });
  const after = tusTraffic(page);
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.locator('[data-testid="upload-row"][data-status="done"]')).toHaveCount(1, { timeout: 60_000 });

  // It resumed: no new upload, a HEAD that found the first chunk, one PATCH from there to the end.
  await expect.poll(() => after.filter((r) => r.method === 'PATCH')).toEqual([{ method: 'PATCH', offset: CHUNK, status: 204, responseOffset: size }]);
  expect(after.filter((r) => r.method === 'HEAD')).toEqual([{ method: 'HEAD', offset: null, status: 200, responseOffset: CHUNK }]);
  expect(after.filter((r) => r.method === 'POST')).toHaveLength(0);
  // One file, no duplicate, and the stored fingerprint is gone.
  await expect.poll(() => names(page)).toEqual(['ct-scan.pdf']);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tus::')))).toEqual([]);
  // The bytes are the file's.
  const download = page.waitForEvent('download');
  await page.getByTestId('menu-ct-scan.pdf').click();
  await page.getByRole('menuitem', { name: /Download/ }).click();
  const saved = await (await download).path();
  expect(crypto.createHash('sha256').update(fs.readFileSync(saved)).digest('hex')).toBe(crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Drops files on an element the way the OS does: dragenter, dragover and drop carrying the files. */
async function dropFiles(page: Page, testId: string, files: { name: string; type: string; text: string }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.text], f.name, { type: f.type }));
    return dt;
  }, files);
  const target = page.getByTestId(testId);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByTestId('vault-page')).toHaveClass(/od-vault-dragging/);
  await target.dispatchEvent('drop', { dataTransfer });
}

test('vault: files dropped from the desktop upload into the open folder', async ({ page }) => {
  const { email } = await createAccount();
  await signIn(page, email);
  await page.goto('/vault');
  await expect(page.getByTestId('vault-empty')).toBeVisible();
  const pdf = { name: 'dropped.pdf', type: 'application/pdf', text: '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n' };
  const csv = { name: 'doses.csv', type: 'text/csv', text: 'drug,dose\nCisplatin,75\n' };

  // Onto the vault's root.
  await dropFiles(page, 'vault-page', [pdf, csv]);
  await expect(page.getByTestId('vault-page')).not.toHaveClass(/od-vault-dragging/);
  await expect(page.locator('[data-testid="upload-row"][data-status="done"]')).toHaveCount(2, { timeout: 30_000 });
  await expect.poll(() => names(page)).toEqual(expect.arrayContaining(['dropped.pdf', 'doses.csv']));

  // Into an open folder: the file lands there, not in the root.
  await page.getByTestId('new-folder').click();
  await page.getByTestId('name-input').fill('Inbox');
  await page.getByTestId('name-ok').click();
  await page.getByTestId('item-Inbox').click();
  await expect(page.getByTestId('breadcrumbs')).toContainText('Inbox');
  await dropFiles(page, 'vault-page', [{ ...pdf, name: 'inside.pdf' }]);
  await expect(page.locator('[data-testid="upload-row"][data-status="done"]')).toHaveCount(3, { timeout: 30_000 });
  await expect.poll(() => names(page)).toEqual(['inside.pdf']);
  await page.getByTestId('crumb-root').click();
  await expect.poll(() => names(page)).toEqual(expect.arrayContaining(['Inbox', 'dropped.pdf', 'doses.csv']));
  expect(await names(page)).not.toContain('inside.pdf');
});
