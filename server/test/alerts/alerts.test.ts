import { CachedMatchResponse, FolderAlert, FolderVisitResponse, TrialDetailResponse } from '@oncodesk/shared/contracts';
import { signUpVerified, startTestApp, testDbKind, type TestApp } from '../support/app';
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from '../auth/support/smtp';
import { loadFixtures, lungFolder } from '../trials-api/fixtures';
import { alertsService, registerAlertJobs } from '../../src/alerts';
import { smtpMailer } from '../../src/mail';
import { breastTrialTurnedLung, derivedTrial, lungTrialWithCriteria, realTrial } from './support/trials';
import { memoryQueue } from './support/memoryQueue';

// Survey answers load the vocabularies and the gazetteer (seconds on a busy machine).
jest.setTimeout(180_000);

const PUBLIC = 'https://app.example.org';
const HOUR = 3_600_000;
/** Subjects of the digest in en / es / it. */
const DIGEST = /trials? to look at|ensayos? que revisar|studio? da guardare/;

/**
 * Only Date is faked (every timer and I/O stays real), and it stands still where the test puts it: the
 * clock moves through visits and days. It starts at 08:00 UTC of the current day so that "the same day"
 * and "the next day" hold whenever the test runs.
 */
const day0 = new Date(new Date().toISOString().slice(0, 10) + 'T08:00:00Z').getTime();
const at = (ms: number) => jest.setSystemTime(new Date(day0 + ms));
jest.useFakeTimers({
  advanceTimers: false,
  doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
});
at(0);

let t: TestApp;
let smtp: SmtpTestServer;
let alice: Awaited<ReturnType<typeof signUpVerified>>;
let bob: Awaited<ReturnType<typeof signUpVerified>>;
let aliceFolder: string;
let bobFolder: string;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const state = async (folder: string, auth: Record<string, string>) => FolderAlert.parse((await api('GET', `/alerts/folders/${folder}`, auth)).json());
const visit = async (folder: string, auth: Record<string, string>) => FolderVisitResponse.parse((await api('POST', `/alerts/folders/${folder}/visit`, auth)).json());
const resultIds = async (folder: string, auth: Record<string, string>) =>
  CachedMatchResponse.parse((await api('GET', `/trials/find-match?patientId=${folder}&searchKey=global`, auth)).json()).results.map((r) => r.trial.id);
/** Digest mails to one address so far. */
const digests = (email: string) => smtp.received.filter((m) => m.to.includes(email.toLowerCase()) && DIGEST.test(m.subject));
/** The trial ids the digest links to (the links into the app, /clinical-trials/<folder>/trial/<id>). */
const linkedTrials = (mail: ReceivedMail) => [...mail.text.matchAll(/\/clinical-trials\/[^/\s]+\/trial\/([^?\s]+)\?/g)].map((m) => decodeURIComponent(m[1])).sort();
/** The link printed on the line after `label:`. */
const linkAfter = (mail: ReceivedMail, label: string) => {
  const lines = mail.text.split('\n');
  return lines[lines.indexOf(`${label}:`) + 1];
};
/**
 * The digest job, as the daily schedule runs it. Only the mails received are asserted: with the queue
 * wired in the app, its own scheduled run may come first when the clock jumps a day (the outcome is the
 * same, each user mailed once a day).
 */
const digestRun = async () => expect((await t.app.alerts.digest()).failed).toBe(0);
const sync = async (trials: Parameters<TestApp['app']['trialStore']['save']>[0], changes: { added?: string[]; changed?: string[] }) => {
  await t.app.trialStore.save(trials);
  return t.app.alerts.rematch({ added: changes.added ?? [], changed: changes.changed ?? [], syncedAt: new Date().toISOString() });
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ mail: { smtpUrl: smtp.url, from: 'OncoDesk <no-reply@test.local>' }, publicUrl: PUBLIC });
  alice = await signUpVerified(t.app);
  bob = await signUpVerified(t.app);
  // alice reads OncoDesk in Spanish: her mail comes in Spanish
  expect((await api('PATCH', '/user', alice.auth, [{ op: 'add', path: '/language', value: 'es-ES' }])).statusCode).toBe(200);
  await loadFixtures(t.app);
  aliceFolder = await lungFolder(t.app, alice.auth);
  bobFolder = await lungFolder(t.app, bob.auth);
  await api('PATCH', `/patients/${bobFolder}`, bob.auth, { name: 'Luigi B.' });
  for (const [folder, auth] of [[aliceFolder, alice.auth], [bobFolder, bob.auth]] as const) {
    expect((await api('POST', '/trials/find-match', auth, { patientId: folder, location: { scope: 'global' } })).statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  jest.useRealTimers();
});

describe(`alerts on new matching trials (${testDbKind})`, () => {
  let firstResults: string[];

  it('turns "alert me" on for a search the folder has run, only for the folder\'s owner', async () => {
    expect(await state(aliceFolder, alice.auth)).toEqual({ patientId: aliceFolder, enabled: false, searchKey: null, since: null });
    const notRun = await api('PUT', `/alerts/folders/${aliceFolder}`, alice.auth, { searchKey: 'radius:100' });
    expect([notRun.statusCode, notRun.json().error.code]).toEqual([404, 'search_not_found']);
    const foreign = await api('PUT', `/alerts/folders/${aliceFolder}`, bob.auth, { searchKey: 'global' });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'patient_not_found']);
    expect((await api('GET', `/alerts/folders/${aliceFolder}`)).statusCode).toBe(401);

    // while the trial catalogue loads, a snapshot would miss trials (they would look new at the next sync)
    const store = t.app.trialStore;
    store.loading = new Promise<number>(() => undefined);
    const loading = await api('PUT', `/alerts/folders/${aliceFolder}`, { ...alice.auth, 'accept-language': 'it-IT' }, { searchKey: 'global' });
    expect([loading.statusCode, loading.json().error]).toEqual([503, { code: 'trials_loading', message: 'Il catalogo degli studi si sta ancora caricando. Riprova tra un minuto.' }]);
    store.loading = null;

    const on = FolderAlert.parse((await api('PUT', `/alerts/folders/${aliceFolder}`, alice.auth, { searchKey: 'global' })).json());
    expect(on).toMatchObject({ enabled: true, searchKey: 'global' });
    expect((await state(aliceFolder, alice.auth)).enabled).toBe(true);
    expect((await api('GET', `/alerts/folders/${aliceFolder}`, bob.auth)).statusCode).toBe(404);
    expect((await api('PUT', `/alerts/folders/${bobFolder}`, bob.auth, { searchKey: 'global' })).statusCode).toBe(200);

    // the first visit of the results: nothing is new yet
    firstResults = await resultIds(aliceFolder, alice.auth);
    const first = await visit(aliceFolder, alice.auth);
    expect(first).toMatchObject({ since: null, newTrialIds: [], alert: { enabled: true } });
  });

  it('after a sync, one digest per user in the user\'s language lists exactly the new matching trials, with links that work', async () => {
    at(1 * HOUR);
    const real = lungTrialWithCriteria(); // osimertinib ± bevacizumab, EGFR-mutant NSCLC, recruiting
    const closed = derivedTrial(real, 'NCT99000001', { briefTitle: 'Osimertinib study that has completed', overallStatus: 'completed' });
    const prostate = realTrial('NCT03748641'); // niraparib + abiraterone, prostate cancer: not a match
    const changed = breastTrialTurnedLung(); // NCT90000003 was a HER2 breast trial: now EGFR lung, recruiting
    const r = await sync([real, closed, prostate, changed], { added: [real.id, closed.id, prostate.id], changed: [changed.id] });
    expect(r).toEqual({ subscriptions: 2, items: 4 });

    await digestRun();
    const [mail] = digests(alice.email);
    expect(digests(alice.email)).toHaveLength(1);
    expect(digests(bob.email)).toHaveLength(1);
    expect(mail.subject).toBe('OncoDesk: 2 ensayos que revisar para sus pacientes');
    expect(linkedTrials(mail)).toEqual(['NCT04181060', 'NCT90000003']);
    expect(mail.text).toContain('== Mario R. ==');
    expect(mail.text).toContain(`${real.briefTitle} (NCT04181060): ensayo nuevo`);
    expect(mail.text).toContain('Osimertinib in EGFR L858R non-small cell lung cancer, a second study (NCT90000003): ahora coincide (el ensayo cambió)');
    expect(mail.text).not.toMatch(/NCT99000001|NCT03748641|Luigi B\./);
    expect(mail.html).toContain('ensayo nuevo');

    // the trial link opens the trial for this folder, where it matches
    const link = new URL(mail.text.split('\n').find((l) => l.includes('/trial/NCT04181060'))!.trim());
    expect(link.origin).toBe(PUBLIC);
    const [, , folder, , trialId] = link.pathname.split('/');
    expect([folder, trialId, link.searchParams.get('search')]).toEqual([aliceFolder, 'NCT04181060', 'global']);
    const detail = TrialDetailResponse.parse((await api('GET', `/trials/${trialId}?patientId=${folder}`, alice.auth)).json());
    expect(detail.match?.verdict).toBe('match');
    // the folder's link opens its results, which the alert ran again: the new trial is in them
    const results = new URL(linkAfter(mail, 'Abrir los resultados'));
    expect(results.pathname).toBe(`/clinical-trials/${aliceFolder}/results`);
    expect(await resultIds(aliceFolder, alice.auth)).toContain('NCT04181060');

    // bob's folder is his alone, his mail in English
    const [bobs] = digests(bob.email);
    expect(bobs.subject).toBe('OncoDesk: 2 trials to look at for your patients');
    expect(bobs.text).toContain('== Luigi B. ==');
    expect(bobs.text).not.toContain('Mario R.');
    expect(bobs.text).not.toContain(aliceFolder);
    expect(linkedTrials(bobs)).toEqual(['NCT04181060', 'NCT90000003']);
  });

  it('marks the trials first seen in the results since the last visit, and clears the marks on the next visit', async () => {
    at(2 * HOUR);
    const now = await resultIds(aliceFolder, alice.auth);
    const expected = now.filter((id) => !firstResults.includes(id)).sort();
    expect(expected).toContain('NCT04181060');
    const second = await visit(aliceFolder, alice.auth);
    expect(second.since).toBe(new Date(day0).toISOString());
    expect(second.newTrialIds).toEqual(expected);
    // the breast trial was in the results before (as no match): not new, although it matches now
    expect(second.newTrialIds).not.toContain('NCT90000003');
    // a reload a few minutes later is the same visit: the marks stay
    at(2 * HOUR + 10 * 60_000);
    expect((await visit(aliceFolder, alice.auth)).newTrialIds).toEqual(expected);
    // the next visit after a pause: nothing is new
    at(3 * HOUR);
    expect(await visit(aliceFolder, alice.auth)).toMatchObject({ since: new Date(day0 + 2 * HOUR + 10 * 60_000).toISOString(), newTrialIds: [] });
    // per user and folder: bob never visited
    expect((await visit(bobFolder, bob.auth)).since).toBeNull();
  });

  it('mails nobody twice on the same day; a retried re-match adds nothing; later items wait for the next day', async () => {
    const before = digests(alice.email).length;
    await digestRun();
    expect(digests(alice.email)).toHaveLength(before);
    // the same sync's job delivered again
    expect((await t.app.alerts.rematch({ added: ['NCT04181060', 'NCT99000001', 'NCT03748641'], changed: ['NCT90000003'], syncedAt: new Date().toISOString() })).items).toBe(0);

    // the completed trial (it matched, closed) starts recruiting
    at(4 * HOUR);
    const reopened = derivedTrial(lungTrialWithCriteria(), 'NCT99000001', { briefTitle: 'Osimertinib study that has completed', overallStatus: 'recruiting' });
    expect((await sync([reopened], { changed: ['NCT99000001'] })).items).toBe(2);
    await digestRun();
    expect(digests(alice.email)).toHaveLength(before);

    at(22 * HOUR); // 06:00 the next day
    await digestRun();
    const mail = digests(alice.email)[before];
    expect(mail.subject).toBe('OncoDesk: 1 ensayo que revisar para sus pacientes');
    expect(linkedTrials(mail)).toEqual(['NCT99000001']);
    expect(mail.text).toContain('(NCT99000001): ahora reclutando');
    expect((await t.app.alerts.digests(alice.userId)).map((d) => [d.status, d.items])).toEqual([['sent', 1], ['sent', 2]]);
  });

  it('the unsubscribe link works signed out: opening it only asks, the button turns the folder\'s alerts off, and no more mail comes', async () => {
    const mail = digests(alice.email).at(-1)!;
    const link = new URL(linkAfter(mail, 'Dejar de recibir alertas de esta carpeta'));
    expect(link.pathname).toBe('/api/alerts/unsubscribe');
    const url = `${link.pathname}${link.search}`;
    const token = link.searchParams.get('token')!;
    const html = { accept: 'text/html,application/xhtml+xml' };

    // a mail scanner fetching the link changes nothing
    const ask = await t.app.inject({ method: 'GET', url, headers: html });
    expect(ask.statusCode).toBe(200);
    expect(ask.headers['content-type']).toMatch(/text\/html/);
    expect(ask.body).toContain('<html lang="es">');
    expect(ask.body).toContain('¿Dejar de recibir correos de alerta sobre nuevos ensayos coincidentes para esta carpeta de paciente?');
    expect(ask.body).toMatch(/<form method="post" action="\/api\/alerts\/unsubscribe">/);
    expect(ask.body).not.toContain('Mario R.');
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual({ scope: 'folder', turnedOff: 0 });
    expect((await state(aliceFolder, alice.auth)).enabled).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/unsubscribe.css' })).headers['content-type']).toMatch(/text\/css/);

    // a token not signed by the server
    const forged = `${token.split('.')[0]}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    const bad = await t.app.inject({ method: 'POST', url: '/api/alerts/unsubscribe', headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${forged}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('unsubscribe-invalid');
    const badJson = await t.app.inject({ method: 'GET', url: `/api/alerts/unsubscribe?token=${forged}`, headers: { 'accept-language': 'it-IT' } });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('invalid_link');
    expect((await state(aliceFolder, alice.auth)).enabled).toBe(true);

    // the confirmation button (an HTML form POST, signed out)
    const done = await t.app.inject({ method: 'POST', url: '/api/alerts/unsubscribe', headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ token }).toString() });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Las alertas de esta carpeta de paciente están desactivadas.');
    expect((await state(aliceFolder, alice.auth)).enabled).toBe(false);
    const again = await t.app.inject({ method: 'POST', url: '/api/alerts/unsubscribe', headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${token}` });
    expect(again.body).toContain('Estas alertas ya estaban desactivadas');

    // a new matching trial: bob hears of it, alice no more
    at(24 * HOUR + 2 * HOUR);
    const fresh = derivedTrial(lungTrialWithCriteria(), 'NCT99000002', { briefTitle: 'Osimertinib with a new partner drug' });
    expect(await sync([fresh], { added: ['NCT99000002'] })).toEqual({ subscriptions: 1, items: 1 });
    at(2 * 24 * HOUR - 2 * HOUR);
    const aliceBefore = digests(alice.email).length;
    await digestRun();
    expect(digests(alice.email)).toHaveLength(aliceBefore);
    expect(linkedTrials(digests(bob.email).at(-1)!)).toEqual(['NCT99000002']);

    // bob's "stop all" link, as a mail client's one-click unsubscribe (RFC 8058) posts it
    const all = new URL(linkAfter(digests(bob.email).at(-1)!, 'Stop all trial alerts'));
    const oneClick = await t.app.inject({ method: 'POST', url: `${all.pathname}${all.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect([oneClick.statusCode, oneClick.json()]).toEqual([200, { scope: 'all', turnedOff: 1 }]);
    expect((await state(bobFolder, bob.auth)).enabled).toBe(false);
  });

  it('registerAlertJobs: the sync\'s job contract and the daily digest on a queue; a refused mail is retried and sent once', async () => {
    // this test drives the jobs through its own queues: the app's queue is stopped so that its daily
    // schedule, which fires when the clock jumps past 07:00 (sooner on a busy machine), cannot mail the
    // digest the unreachable transport is meant to fail on
    await t.app.jobs.stop();
    const queue = memoryQueue();
    await registerAlertJobs(queue, t.app.alerts);
    expect(queue.schedules).toEqual([{ name: 'alerts.digest', cron: '0 7 * * *', data: undefined }]);

    expect((await api('PUT', `/alerts/folders/${aliceFolder}`, alice.auth, { searchKey: 'global' })).statusCode).toBe(200);
    at(2 * 24 * HOUR + HOUR);
    const trial = derivedTrial(lungTrialWithCriteria(), 'NCT99000003', { briefTitle: 'Osimertinib and a third drug' });
    await t.app.trialStore.save([trial]);
    await queue.send('alerts.rematch', { added: ['NCT99000003'], changed: [], syncedAt: new Date().toISOString() });

    // the SMTP server is unreachable: the digest job fails every attempt and claims nothing
    at(3 * 24 * HOUR - 2 * HOUR);
    const down = memoryQueue();
    const unreachable = alertsService({ db: t.app.database.db, store: t.app.trialStore, trials: null as never, mailer: smtpMailer('smtp://127.0.0.1:9', 'x@test.local', t.app.log), publicUrl: PUBLIC, secret: 'test-secret-test-secret-test-secret', log: t.app.log });
    await registerAlertJobs(down, unreachable);
    const before = digests(alice.email).length;
    await down.send('alerts.digest', {});
    expect((await down.failed()).map((f) => [f.name, f.attempts])).toEqual([['alerts.digest', 6]]);
    expect(digests(alice.email)).toHaveLength(before);

    // the transport is back: one mail, and a second run mails nothing
    await queue.send('alerts.digest', {});
    await queue.send('alerts.digest', {});
    expect(digests(alice.email)).toHaveLength(before + 1);
    expect(linkedTrials(digests(alice.email).at(-1)!)).toEqual(['NCT99000003']);
  });

  it('a deleted folder takes its alert, snapshot, items, visits and sightings with it', async () => {
    expect((await api('DELETE', `/patients/${aliceFolder}`, alice.auth)).statusCode).toBe(204);
    const db = t.app.database.db;
    for (const table of ['alert_subscriptions', 'alert_matches', 'alert_items', 'alert_visits', 'alert_seen'] as const) {
      expect(await db.selectFrom(table).select('patient_id').where('patient_id', '=', aliceFolder).execute()).toEqual([]);
    }
    // the mailed log stays with the user
    expect((await t.app.alerts.digests(alice.userId)).length).toBeGreaterThan(0);
  });
});
