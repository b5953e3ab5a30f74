// Defect 8 of issue 8, kept from coming back: axe-core finds no violation on
// the applicant app's public pages (ko and en, desktop and phone) and on the
// admin login and its refusal. `make audit` walks every page; this is the
// quick guard in every e2e run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { appStarted, launch, newPage, demoPassword, freshApplicant, login, submittedPaidApplication, roundYear } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

async function violations(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(600); // MUI transitions settle
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const [locale, mobile] of [['ko', false], ['en', true]]) {
  test(`axe: no violations on the public applicant pages (${locale}${mobile ? ', phone' : ''})`, async () => {
    const page = await newPage(browser, { locale, mobile });
    for (const path of ['/', '/user/login', '/user/agree', '/ewha-gsis/main', '/user/find/id', '/user/find/pwd', '/terms', '/privacy']) {
      await page.goto(path);
      await page.locator('main#main').waitFor({ timeout: T });
      assert.deepEqual(await violations(page), [], `axe on ${path}`);
    }
    await page.goto('/user/agree');
    await page.locator('input[name="agreeTerms"]').check();
    await page.locator('input[name="agreePrivacy"]').check();
    await page.getByTestId('agree-next').click();
    await page.waitForURL('**/user/register', { timeout: T });
    // The captcha solves itself and enables the buttons: judge the form once it has.
    await page.locator('[data-testid="send-code"]:not([disabled])').waitFor({ timeout: T });
    assert.deepEqual(await violations(page), [], 'axe on /user/register');
    await page.context().close();
  });
}

// The recommender's pages with a key that opens nothing (the whole pages,
// with a live key, are checked in recommend.test.mjs).
test('axe: no violations on the recommender pages without a valid key (ko and en, phone)', async () => {
  for (const [locale, mobile] of [['ko', false], ['en', true]]) {
    const page = await newPage(browser, { locale, mobile });
    for (const path of ['/recommend/not-a-key', '/recommend/form/not-a-key']) {
      await page.goto(path);
      await page.getByTestId('recommend-key-error').waitFor({ timeout: T });
      assert.deepEqual(await violations(page), [], `axe on ${path} (${locale})`);
    }
    await page.context().close();
  }
});

test('the applicant app has a skip link to the page content, first in the tab order', async () => {
  const page = await newPage(browser);
  await page.goto('/');
  await appStarted(page, T);
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => ({ id: document.activeElement?.dataset.testid, text: document.activeElement?.textContent }));
  assert.deepEqual(focused, { id: 'skip-link', text: '본문 바로가기' });
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
  await page.context().close();
});

test('axe: no violations on the admin login and its refusal (ko and en)', async () => {
  for (const locale of ['ko', 'en']) {
    const page = await newPage(browser, { locale });
    await page.goto('/sysadmin/');
    await page.getByTestId('login-submit').waitFor({ timeout: T });
    assert.deepEqual(await violations(page), [], `axe on the admin login (${locale})`);
    await page.locator('input[name="userId"]').fill('applicant2');
    await page.locator('input[name="password"]').fill(demoPassword);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').waitFor({ timeout: T });
    assert.deepEqual(await violations(page), [], `axe on the admin refusal (${locale})`);
    await page.context().close();
  }
});

test('robots.txt and favicon.ico are real files, not the app', async () => {
  const page = await newPage(browser);
  const robots = await page.request.get('/robots.txt');
  assert.equal(robots.status(), 200);
  assert.match(robots.headers()['content-type'], /^text\/plain/);
  assert.match(await robots.text(), /^User-agent: \*/m);
  const icon = await page.request.get('/favicon.ico');
  assert.equal(icon.status(), 200);
  assert.match(icon.headers()['content-type'], /^image\//);
  assert.deepEqual([...(await icon.body()).subarray(0, 4)], [0, 0, 1, 0]);
  await page.context().close();
});

for (const [locale, mobile] of [['ko', false], ['en', true]]) {
  test(`axe: no violations on the pay page (${locale}${mobile ? ', phone' : ''})`, async () => {
    const page = await newPage(browser, { locale, mobile });
    await login(page, freshApplicant('axe').userId);
    const applNo = await submittedPaidApplication(page);
    await page.goto('/list');
    await page.getByTestId(`appl-row-${applNo}`).getByTestId('appl-action-pay').click();
    await page.getByTestId('pay-submit').waitFor({ timeout: T });
    assert.deepEqual(await violations(page), [], 'axe on /appl/pay');
    await page.getByTestId('pay-type-visa_master').click();
    assert.deepEqual(await violations(page), [], 'axe on /appl/pay with the PayPal surcharge');
    await page.context().close();
  });
}

// Issue 12: the round and school settings pages of the back office.
test('axe: no violations on the round and school settings pages (ko desktop, en phone)', async () => {
  const year = await roundYear('236');
  const id = `236-${year}-1`;
  for (const [locale, mobile] of [['ko', false], ['en', true]]) {
    for (const [user, pages] of [
      ['schooladmin', [
        ['/sysadmin/recruit-parts', (p) => p.locator('.RaList-main')],
        ['/sysadmin/recruit-parts/create', (p) => p.locator('[name="korName"]')],
        [`/sysadmin/recruit-parts/${id}/windows`, (p) => p.locator('input[name="windows.SUBMIT.startDay"]')],
        [`/sysadmin/recruit-parts/${id}/documents`, (p) => p.locator('[name="documents.0.itemCode"]')],
        [`/sysadmin/info-inquiry/${id}`, (p) => p.getByTestId('applicant-preview')],
        [`/sysadmin/applId/check?round=${id}`, (p) => p.getByTestId('rule-input')],
        ['/sysadmin/school/settings', (p) => p.locator('[name="color"]')],
      ]],
      ['sysadmin', [['/sysadmin/remake/applid', (p) => p.getByTestId('rule-input')]]],
    ]) {
      const page = await newPage(browser, { locale, mobile });
      await login(page, user);
      for (const [path, ready] of pages) {
        await page.goto(path);
        await ready(page).first().waitFor({ timeout: T });
        assert.deepEqual(await violations(page), [], `axe on ${path} (${locale}${mobile ? ', phone' : ''})`);
      }
      await page.context().close();
    }
  }
});

// Issue 10: the staff money pages of the back office.
test('axe: no violations on the money pages (ko desktop, en phone)', async () => {
  for (const [locale, mobile] of [['ko', false], ['en', true]]) {
    const page = await newPage(browser, { locale, mobile });
    await login(page, 'sysadmin');
    for (const [path, ready] of [
      ['/sysadmin/pay/attempts', (p) => p.locator('.RaList-main')],
      ['/sysadmin/pay/cancels', (p) => p.locator('.RaList-main')],
      ['/sysadmin/pay/failures', (p) => p.locator('.RaList-main')],
      ['/sysadmin/pay/check', (p) => p.locator('.RaList-main')],
      ['/sysadmin/manual-pay', (p) => p.getByTestId('manual-pay')],
      ['/sysadmin/pay/cancel', (p) => p.locator('h1')],
      ['/sysadmin/settlement/list', (p) => p.locator('input[name="school"]')],
    ]) {
      await page.goto(path);
      await ready(page).first().waitFor({ timeout: T });
      assert.deepEqual(await violations(page), [], `axe on ${path} (${locale}${mobile ? ', phone' : ''})`);
    }
    await page.context().close();
  }
});

// The back-office lists of a system admin, whatever they hold: rows, no rows
// for a filter, or react-admin's empty page (its message was an h4 at half
// opacity, and the user list had no level-one heading).
test('axe: no violations on the back-office lists (ko, desktop; en, phone), with and without rows', async () => {
  const lists = ['/sysadmin/users', '/sysadmin/applications', '/sysadmin/members', '/sysadmin/roles', '/sysadmin/access-log',
    `/sysadmin/applications?filter=${encodeURIComponent(JSON.stringify({ q: 'no-such-applicant-zz' }))}`];
  for (const [locale, mobile] of [['ko', false], ['en', true]]) {
    const page = await newPage(browser, { locale, mobile });
    await login(page, 'sysadmin');
    for (const path of lists) {
      await page.goto(path);
      await page.locator('.RaList-main, .RaEmpty-message').first().waitFor({ timeout: T });
      assert.deepEqual(await violations(page), [], `axe on ${path} (${locale}${mobile ? ', phone' : ''})`);
      assert.equal(await page.locator('h1').count(), 1, `one h1 on ${path}`);
    }
    await page.context().close();
  }
});
