import { expect, test } from '@playwright/test';
import { createVerifiedAccount as createAccount, signIn } from '../fixtures/account';
import { appUrl } from '../fixtures/paths';
import { apiFetch } from '../fixtures/http';
import { serverRequire } from '../fixtures/serverPackages';
import { skipPhoneHint } from '../fixtures/phoneHint';

test.beforeEach(({ page }) => skipPhoneHint(page));

/**
 * A vendor-style NGS report dropped as it comes from the laboratory (a name longer than the vault's 30
 * characters), in Italian at 375 px. Page 1 has a text layer: a detected KRAS G12C, a synonymous HRAS E126E,
 * "Microsatellite status: MSI-High NOT DETECTED" and a variants-of-uncertain-significance section. Page 2 is
 * a scan whose text layer is glyph soup (a font whose encoding was lost): it is read by OCR. Neither the
 * negated MSI line nor the VUS nor the synonymous change can be accepted; the OCR page's findings can.
 * Synthetic report, made here with pdf-lib and @napi-rs/canvas (the server's own versions).
 */

const PAGE1 = [
  'SYNTHETIC TEST DOCUMENT - NOT A REAL PATIENT',
  'Tumor Mutation Profiling - Liquid Biopsy Report',
  'Patient: Test, Sample    Diagnosis: Lung adenocarcinoma    Report date: 2026-11-20',
  'Summary of Detected Somatic Alterations',
  'Detected Alteration(s)            % cfDNA',
  'KRAS G12C                         12.1%',
  'Synonymous Alterations',
  'HRAS E126E (0.4%)',
  'Microsatellite status: MSI-High NOT DETECTED.',
  'VARIANTS OF UNCERTAIN SIGNIFICANCE',
  'ARID1A A1010V                     0.9%',
  'We evaluated this sample for 74 genes, including EGFR (T790M and others) ALK ROS1 BRAF MET RET',
];
const PAGE2 = ['Additional Somatic Alterations (continued)', 'Detected Alteration(s)            % cfDNA or Amp', 'CDKN2A R80*                       3.4%', 'FGFR1 Amplification               High (+++)'];

/** What a font with a lost encoding leaves in the text layer: every character a few codes off. */
const garbled = (s: string) => [...s].map((c) => (c === ' ' ? ' ' : String.fromCharCode(Math.max(33, c.charCodeAt(0) - 29)))).join('');

// the parts of pdf-lib and @napi-rs/canvas used here (both are the server's dependencies, not e2e's)
interface PdfPage {
  drawText(text: string, o: { x: number; y: number; size: number; font: unknown; opacity?: number }): void;
  drawImage(image: unknown, o: { x: number; y: number; width: number; height: number }): void;
}
interface PdfLib {
  PDFDocument: { create(): Promise<{ embedFont(f: string): Promise<unknown>; addPage(size: [number, number]): PdfPage; embedPng(png: Buffer): Promise<unknown>; save(): Promise<Uint8Array> }> };
  StandardFonts: { Courier: string };
}
interface Canvas2d {
  fillStyle: string;
  font: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
}
interface CanvasLib {
  createCanvas(w: number, h: number): { width: number; height: number; getContext(kind: '2d'): Canvas2d; toBuffer(mime: 'image/png'): Buffer };
}

async function vendorReport(): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = serverRequire('pdf-lib') as PdfLib;
  const { createCanvas } = serverRequire('@napi-rs/canvas') as CanvasLib;
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Courier);
  const first = doc.addPage([612, 792]);
  PAGE1.forEach((line, i) => first.drawText(line, { x: 40, y: 740 - i * 22, size: i === 1 ? 13 : 10, font }));
  // page 2: the page as pixels (300 dpi) with an invisible text layer of glyph soup at the same places
  const scale = 300 / 72;
  const canvas = createCanvas(612 * scale, 792 * scale);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = `${Math.round(11 * scale)}px monospace`;
  PAGE2.forEach((line, i) => ctx.fillText(line, 40 * scale, (60 + i * 24) * scale));
  const second = doc.addPage([612, 792]);
  second.drawImage(await doc.embedPng(canvas.toBuffer('image/png')), { x: 0, y: 0, width: 612, height: 792 });
  PAGE2.forEach((line, i) => second.drawText(garbled(line), { x: 40, y: 792 - (60 + i * 24), size: 11, font, opacity: 0 }));
  return Buffer.from(await doc.save());
}

test('a vendor report: the negated MSI line, the VUS and the synonymous change are never actionable; the unreadable page is read by OCR (Italian, 375 px)', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => localStorage.setItem('oncodesk.language', JSON.stringify('it-IT')));
  const { email, jwt } = await createAccount();
  const api = (p: string, body: unknown) => apiFetch(`${appUrl}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify(body) }).then((r) => r.json());
  const folder = (await api('/patients', { name: 'Paziente referto', focusArea: 'lung' })) as { id: string };

  await signIn(page, email);
  await page.goto(`/clinical-trials/${folder.id}`);
  await page.getByTestId('choice-reports').click();
  await page.waitForURL(/\/reports$/);
  const name = 'Guardant360_Lung_Vendor_Style_Sample_Report.pdf';
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: await vendorReport() });
  const report = page.getByTestId('report').filter({ hasText: name });
  await expect(report.getByTestId('report-status')).toHaveText('Letto', { timeout: 180_000 });
  // one page was read by OCR; the long name wraps, so the status tags are in view on the phone
  await report.getByTestId('report-ocr').scrollIntoViewIfNeeded();
  await expect(report.getByTestId('report-ocr')).toBeInViewport();

  const finding = (text: string) => report.getByTestId('finding').filter({ hasText: text });
  // the detected change and the OCR page's findings can be accepted
  await expect(finding('KRAS G12C').getByTestId('finding-accept')).toBeEnabled();
  await expect(finding('CDKN2A R80*').getByTestId('finding-accept')).toBeEnabled();
  await expect(finding('FGFR1').getByTestId('finding-accept')).toBeEnabled();
  // the VUS and the synonymous change are shown as such and cannot be accepted
  await expect(finding('ARID1A A1010V').getByTestId('finding-assertion')).toHaveText('Significato incerto');
  await expect(finding('ARID1A A1010V').getByTestId('finding-accept')).toBeDisabled();
  await expect(finding('HRAS E126E').getByTestId('finding-accept')).toBeDisabled();
  // "MSI-High NOT DETECTED" is no MSI-High finding that could be accepted; the genes-tested list gives no T790M
  for (const row of await report.getByTestId('finding').filter({ hasText: 'MSI' }).all()) await expect(row.getByTestId('finding-accept')).toBeDisabled();
  await expect(finding('T790M')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/reports-vendor-375-it.png', fullPage: true });

  await finding('KRAS G12C').getByTestId('finding-accept').click();
  await expect(finding('KRAS G12C').getByTestId('finding-status')).toHaveText('Accettato');
  const data = await (await apiFetch(`${appUrl}/api/survey/patient-data?patientId=${folder.id}`, { headers: { authorization: `Bearer ${jwt}` } })).json();
  expect(data.answers.alterations).toEqual(['KRAS G12C']);
  expect(data.answers.msi).toBeUndefined();
  // the VUS cannot be made an alteration through the API either
  const docs = (await (await apiFetch(`${appUrl}/api/documents?patientId=${folder.id}`, { headers: { authorization: `Bearer ${jwt}` } })).json()) as { documents: Array<{ id: string; findings: Array<{ id: string; gene?: string; proteinChange?: string }> }> };
  const vus = docs.documents[0].findings.find((f) => f.gene === 'ARID1A')!;
  const refused = await apiFetch(`${appUrl}/api/documents/${docs.documents[0].id}/findings/${vus.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}`, 'accept-language': 'it' }, body: JSON.stringify({ status: 'accepted' }) });
  expect(refused.status).toBe(400);
  expect((await refused.json()).error.code).toBe('finding_not_actionable');
});
