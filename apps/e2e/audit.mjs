// The outside judges of issue 8, run against a fresh server (own port and
// database, demo data): axe-core on every applicant page (a guest's pages,
// then a demo applicant walking an application of the free demo round from
// the list through every form step, the documents, submission, completion
// and the review) and on the admin login; Lighthouse (mobile) on the home,
// login and sign-up form pages. Prints a table; exits non-zero when axe finds
// a violation or a page could not be reached.
//
//   make audit            (builds first)   node audit.mjs [--no-lighthouse]
//   node audit.mjs --lighthouse-only[=home,login]   only Lighthouse, on the named pages
//   node audit.mjs --lighthouse-json=DIR   also writes each page's Lighthouse report (JSON) into DIR
//   node audit.mjs --lighthouse-runs=3     judges each page 3 times and adds the median (scores vary with CPU load)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startServer } from './server.mjs';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const T = 30_000;
const password = 'GradApply2026';
const withLighthouse = !process.argv.includes('--no-lighthouse');
// --lighthouse-only[=name,...]: skip the axe walk and judge only the named pages (all three without a list).
const onlyArg = process.argv.find((a) => a.startsWith('--lighthouse-only'));
const lighthouseOnly = onlyArg !== undefined;
const lhPages = onlyArg?.includes('=') ? onlyArg.slice(onlyArg.indexOf('=') + 1).split(',') : null;
const jsonDir = process.argv.find((a) => a.startsWith('--lighthouse-json='))?.slice('--lighthouse-json='.length);
const lhRuns = Math.max(1, Number(process.argv.find((a) => a.startsWith('--lighthouse-runs='))?.slice('--lighthouse-runs='.length)) || 1);

const { baseURL, dbUrl, stop } = await startServer();
const browser = await chromium.launch({
  executablePath: CHROME,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-quic'],
});
const axeRows = [];
const lhRows = [];

/** Runs axe on what the page shows now and records one row. */
async function axe(page, name) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(600); // let MUI's transitions (225-300 ms) settle: judge the page as a person reads it
  const r = await new AxeBuilder({ page }).analyze();
  axeRows.push({ page: name, url: new URL(page.url()).pathname, violations: r.violations });
}

/** Runs one step of the walk; a step that fails is a row "not reached". */
async function step(name, fn) {
  try {
    await fn();
  } catch (e) {
    axeRows.push({ page: name, url: '-', error: e.message.split('\n')[0] });
  }
}

async function newPage(locale = 'ko', mobile = false) {
  const context = await browser.newContext({
    baseURL, locale: locale === 'ko' ? 'ko-KR' : 'en-US',
    viewport: mobile ? { width: 375, height: 740 } : { width: 1280, height: 900 },
  });
  if (locale === 'en') await context.addCookies([{ name: 'locale', value: 'en', url: baseURL }]);
  return context.newPage();
}

async function login(page, userId) {
  await page.goto('/user/login');
  await page.locator('input[name="userId"]').fill(userId);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 2 * T });
}

async function call(page, method, url, data) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const res = await page.request.fetch(url, { method, data, headers: xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {} });
  const text = await res.text();
  try { return { status: res.status(), body: JSON.parse(text) }; } catch { return { status: res.status(), body: text }; }
}

const sql = (q) => execFileSync('psql', [dbUrl, '-qAtc', q], { stdio: ['ignore', 'pipe', 'pipe'] }).toString().trim();

async function openFromList(page, applNo, action) {
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  await row.getByTestId(`appl-action-${action}`).click();
}

/** A free-round (ARTS01) application with its part and basic info saved. */
async function prepareApplication(page) {
  const list = await call(page, 'GET', '/apply/api/recruit/list?schoolCode=ARTS01');
  const first = list.body[0];
  const round = (await call(page, 'GET', `/apply/api/recruit?schoolCode=ARTS01&enterYear=${first.enterYear}&partSeq=${first.recruitPartSeq}`)).body;
  // A part without a video essay: the walk only shows the steps.
  const offer = round.parts.find((p) => !p.videoEssay) ?? round.parts[0];
  const part = {
    applPartRequestList: [{ schoolCode: 'ARTS01', enterYear: first.enterYear, recruitPartSeq: first.recruitPartSeq, majorCode: offer.majorCode,
      isMaster: offer.isMaster, isGeneralType: true, stayTypeCode: '00001', categoryCode: round.categories[0].code }],
    consents: Object.fromEntries(round.consents.map((c) => [c.code, c.version])),
  };
  if (round.partSurvey?.length) part.surveyRequest = { answers: [{ questionCode: 'p1', itemCode: '01', inputType: 'radio' }] };
  const created = await call(page, 'POST', '/apply/api-auth/appl/part', part);
  if (created.status !== 201) throw new Error(`part: ${created.status} ${JSON.stringify(created.body)}`);
  const applNo = created.body.applNo;
  const basis = await call(page, 'POST', `/apply/api-auth/appl/basis/${applNo}`, { applicantInfo: {
    gend: 'F', korName: '김하늘', engName: 'KIM HANEUL', nationality: '410', birthDate: '1998-03-01',
    residentNoLast: '2345678', address: '서울특별시 서대문구 이화여대길 52', addressDetail: '101호', postCode: '03760',
    phone: '02-123-4567', mobile: '010-1234-5678', email: 'haneul@example.com',
    emergencyContact: { name: '김부모', relation: '모', phone: '010-2222-3333' },
  } });
  if (basis.status !== 200) throw new Error(`basis: ${basis.status} ${JSON.stringify(basis.body)}`);
  // The later steps are filled by their own tests; the audit only needs to show them.
  sql(`UPDATE application SET status = 'ADD_INFO_SAVE' WHERE appl_no = ${Number(applNo)}`);
  return applNo;
}

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n%audit document\n'), Buffer.alloc(4096, 0x20)]);
const png = Buffer.concat([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAF0lEQVR4nGKRt8pgYGBgYgADQAAAAP//CRcAyGlrjcYAAAAASUVORK5CYII=', 'base64'), Buffer.alloc(2048)]); // decodes (uploads decode images)

if (!lighthouseOnly) try {
  // A guest, in Korean (the default) and in English on a phone.
  for (const [locale, mobile] of [['ko', false], ['en', true]]) {
    const tag = `${locale}${mobile ? ' phone' : ''}`;
    const page = await newPage(locale, mobile);
    for (const [name, path] of [['home', '/'], ['login', '/user/login'], ['sign-up terms', '/user/agree'], ['school page', '/ewha-gsis/main'],
      ['FAQ', '/faq'], ['find id', '/user/find/id'], ['find password', '/user/find/pwd'], ['not found', '/no-such-page']]) {
      await step(`${name} (${tag})`, async () => {
        await page.goto(path);
        await page.locator('main#main').waitFor({ timeout: T });
        await axe(page, `${name} (${tag})`);
      });
    }
    await step(`sign-up form (${tag})`, async () => {
      await page.goto('/user/agree');
      await page.locator('input[name="agreeTerms"]').check();
      await page.locator('input[name="agreePrivacy"]').check();
      await page.getByTestId('agree-next').click();
      await page.waitForURL('**/user/register', { timeout: T });
      await page.locator('[data-testid="send-code"]:not([disabled])').waitFor({ timeout: T }); // captcha solved
      await axe(page, `sign-up form (${tag})`);
    });
    await page.context().close();
  }

  // A demo applicant walks an application.
  const page = await newPage('ko');
  await step('login', () => login(page, 'applicant1'));
  await step('round picker and consents', async () => {
    await page.goto('/');
    await page.getByTestId('start-application').click();
    await page.getByTestId('round-picker').waitFor({ timeout: T });
    await axe(page, 'round picker');
    await page.getByTestId('round-school').selectOption('236');
    await page.locator('[data-testid^="round-apply-"]').first().click();
    await page.getByTestId('consent-form').waitFor({ timeout: T });
    await axe(page, 'consents');
    await page.getByTestId('consent-all').check().catch(async () => {
      for (const box of await page.locator('[data-testid^="consent-consent."]').all()) await box.check();
    });
    await page.getByTestId('consent-next').click();
    await page.getByTestId('part-form').waitFor({ timeout: T });
    await axe(page, 'part (major) form');
  });
  let applNo = 0;
  await step('application', async () => { applNo = await prepareApplication(page); });
  await step('my list', async () => {
    await page.goto('/list');
    await page.getByTestId(`appl-row-${applNo}`).waitFor({ timeout: T });
    await axe(page, 'my list');
  });
  await step('form', async () => {
    await openFromList(page, applNo, 'edit');
    await page.getByTestId('form-stepper').waitFor({ timeout: T });
  });
  for (const s of ['BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'CAREER_SAVE', 'ADD_INFO_SAVE', 'FILE_SAVE']) {
    await step(`form step ${s}`, async () => {
      const tab = page.getByTestId(`form-step-${s}`);
      if (!(await tab.count())) return; // the round does not have this step
      await tab.click();
      await page.locator(s === 'FILE_SAVE' ? '[data-testid="documents-panel"]' : `[data-testid="step-form-${s}"]`).waitFor({ timeout: T });
      await axe(page, `form step ${s}${s === 'FILE_SAVE' ? ' (documents)' : ''}`);
    });
  }
  await step('documents uploaded', async () => {
    for (const item of await page.locator('[data-testid^="doc-input-"]').all()) {
      const id = (await item.getAttribute('data-testid')).slice('doc-input-'.length);
      const accept = (await item.getAttribute('accept')) || '';
      const file = /pdf/i.test(accept) || !accept ? { name: `doc-${id}.pdf`, mimeType: 'application/pdf', buffer: pdf } : { name: `doc-${id}.png`, mimeType: 'image/png', buffer: png };
      const res = page.waitForResponse((r) => r.url().includes('/appl/doc/upload/'), { timeout: T });
      await item.setInputFiles(file);
      await res;
    }
    await axe(page, 'form step FILE_SAVE (documents, uploaded)');
  });
  await step('submit page', async () => {
    sql(`UPDATE application SET status = 'SURVEY' WHERE appl_no = ${Number(applNo)}`);
    await openFromList(page, applNo, 'submit');
    await page.getByTestId('appl-submit-page').waitFor({ timeout: T });
    await axe(page, 'submit');
  });
  await step('completion (none) page', async () => {
    await page.getByTestId('consent-all').check();
    await page.getByTestId('consent-next').click();
    await page.getByTestId('appl-none-page').waitFor({ timeout: T });
    await axe(page, 'completion / slip (appl none)');
  });
  await step('review page', async () => {
    await page.goto('/list');
    const row = page.getByTestId(`appl-row-${applNo}`);
    await row.waitFor({ timeout: T });
    const action = (await row.getByTestId('appl-action-review').count()) ? 'review' : 'view';
    await row.getByTestId(`appl-action-${action}`).click();
    await page.waitForURL((u) => u.pathname.startsWith('/appl/review') || u.pathname.startsWith('/appl/form'), { timeout: T });
    await page.waitForLoadState('networkidle');
    await axe(page, `review (${action})`);
  });
  await step('my list, completed', async () => {
    await page.goto('/list');
    await page.getByTestId(`appl-row-${applNo}`).waitFor({ timeout: T });
    await axe(page, 'my list (completed, slip buttons)');
  });
  await page.context().close();

  // The admin login.
  for (const locale of ['ko', 'en']) {
    await step(`admin login (${locale})`, async () => {
      const admin = await newPage(locale);
      await admin.goto('/sysadmin/');
      await admin.getByTestId('login-submit').waitFor({ timeout: T });
      await axe(admin, `admin login (${locale})`);
      // An applicant's credentials: the refusal with its hint and link.
      await admin.locator('input[name="userId"]').fill('applicant2');
      await admin.locator('input[name="password"]').fill(password);
      await admin.getByTestId('login-submit').click();
      await admin.getByTestId('login-error').waitFor({ timeout: T });
      await axe(admin, `admin login refusal (${locale})`);
      await admin.context().close();
    });
  }
} finally {
  await browser.close();
}
if (lighthouseOnly) await browser.close();

/**
 * Main-thread CPU time from the trace (thread time, which other processes on
 * a busy machine do not inflate as they do wall time): the total after the
 * navigation, and the Total Blocking Time an idle machine would give, as
 * Lighthouse counts it: every task after the first paint, CPU time times 4
 * (its CPU throttling), less 50 ms.
 */
function cpuFigures(trace) {
  const events = trace?.traceEvents ?? [];
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith('http'));
  if (!nav) return {};
  const observedFcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid)?.ts ?? nav.ts;
  let cpuMs = 0;
  let idleTbt = 0;
  for (const e of events) {
    if (e.pid !== nav.pid || e.tid !== nav.tid || e.name !== 'RunTask' || e.ts < nav.ts || e.tdur === undefined) continue;
    cpuMs += e.tdur / 1000;
    if (e.ts >= observedFcp) idleTbt += Math.max(0, (4 * e.tdur) / 1000 - 50);
  }
  return { cpuMs, idleTbt };
}

const median = (xs) => { const v = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b); return v.length ? v[Math.floor((v.length - 1) / 2)] : undefined; };

if (withLighthouse) {
  for (const [name, path] of [['home', '/'], ['login', '/user/login'], ['sign-up form', '/user/register']]) {
    if (lhPages && !lhPages.includes(name)) continue;
    const runs = [];
    for (let run = 1; run <= lhRuns; run++) {
      const label = lhRuns > 1 ? `${name} #${run}` : name;
      const load = loadavg()[0];
      const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
      try {
        const r = await lighthouse(`${baseURL}${path}`, { port: chrome.port, output: 'json', logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
        const c = r.lhr.categories;
        const a = r.lhr.audits;
        if (jsonDir) {
          mkdirSync(jsonDir, { recursive: true });
          writeFileSync(join(jsonDir, `${label.replace(/\W+/g, '-')}.json`), r.report);
        }
        // Main-thread work (simulated 4x CPU throttling): script evaluation of every script, and all work.
        const evalMs = a['bootup-time']?.details?.items?.reduce((sum, i) => sum + (i.scripting || 0), 0);
        const { cpuMs, idleTbt } = cpuFigures(r.artifacts?.Trace);
        const row = { cpuMs, idleTbt, page: label, load, performance: c.performance.score, accessibility: c.accessibility.score,
          'best-practices': c['best-practices'].score, seo: c.seo.score,
          cls: a['cumulative-layout-shift']?.numericValue, tbt: a['total-blocking-time']?.numericValue, lcp: a['largest-contentful-paint']?.numericValue,
          fcp: a['first-contentful-paint']?.numericValue, evalMs, mainMs: a['mainthread-work-breakdown']?.numericValue,
          failed: Object.values(a).filter((x) => x.score !== null && x.score < 0.9 && x.scoreDisplayMode === 'binary').map((x) => x.id) };
        lhRows.push(row);
        runs.push(row);
      } catch (e) {
        lhRows.push({ page: label, error: e.message });
      } finally {
        await chrome.kill();
      }
    }
    if (runs.length > 1) {
      const m = { page: `${name} median`, failed: [] };
      for (const k of ['cpuMs', 'idleTbt', 'load', 'performance', 'accessibility', 'best-practices', 'seo', 'cls', 'tbt', 'fcp', 'lcp', 'evalMs', 'mainMs']) m[k] = median(runs.map((r) => r[k]));
      lhRows.push(m);
    }
  }
}
await stop();

// The table.
const pad = (s, n) => String(s).padEnd(n);
let problems = 0;
console.log('\naxe-core 4.14.1 (all rules)');
console.log(`${pad('page', 48)} ${pad('path', 22)} violations`);
for (const r of axeRows) {
  if (r.error) {
    problems++;
    console.log(`${pad(r.page, 48)} ${pad(r.url, 22)} NOT REACHED: ${r.error}`);
    continue;
  }
  problems += r.violations.length;
  console.log(`${pad(r.page, 48)} ${pad(r.url, 22)} ${r.violations.length}`);
  for (const v of r.violations) {
    console.log(`    ${v.impact} ${v.id}: ${v.help} (${v.nodes.length}x)`);
    for (const n of v.nodes.slice(0, 3)) console.log(`      ${n.target.join(' ')}: ${(n.failureSummary || '').split('\n').slice(1).join(' ').trim()}`);
  }
}
if (lhRows.length) {
  console.log('\nLighthouse 13.5.0 (mobile); script and main ms are wall time (they grow with the machine\'s load, see load);');
  console.log('CPU ms is the page\'s main-thread CPU time, TBT idle the blocking time it gives on an idle machine (4x CPU time - 50 ms per task after the first paint)');
  console.log(`${pad('page', 20)} perf  a11y  best  seo   CLS     TBT ms  FCP ms  LCP ms  script ms  main ms  load   | CPU ms  TBT idle`);
  for (const r of lhRows) {
    if (r.error) { console.log(`${pad(r.page, 20)} ERROR ${r.error}`); continue; }
    const s = (x) => pad(Math.round(x * 100), 5);
    console.log(`${pad(r.page, 20)} ${s(r.performance)} ${s(r.accessibility)} ${s(r['best-practices'])} ${s(r.seo)} ${pad(r.cls?.toFixed(3), 7)} ${pad(Math.round(r.tbt), 7)} ${pad(Math.round(r.fcp), 7)} ${pad(Math.round(r.lcp), 7)} ${pad(Math.round(r.evalMs), 10)} ${pad(Math.round(r.mainMs), 8)} ${pad(r.load?.toFixed(2), 6)} | ${pad(Math.round(r.cpuMs), 7)} ${Math.round(r.idleTbt)}`);
    if (r.failed.length) console.log(`    failed audits: ${r.failed.join(', ')}`);
  }
}
console.log(problems ? `\n${problems} axe problem(s)` : '\naxe: 0 violations on every page');
process.exit(problems ? 1 : 0);
