// Defect 8 of issue 8, kept from coming back: axe-core finds no violation on
// the applicant app's public pages (ko and en, desktop and phone) and on the
// admin login and its refusal (the back office's pages: axe-backoffice.test.mjs).
// `make audit` walks every page; this is the quick guard in every e2e run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { appStarted, launch, newPage, demoPassword, freshApplicant, login, submittedPaidApplication } from './helpers.mjs';

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
      // The find pages' button is disabled until the captcha has solved itself
      // (slower on a busy machine): judged while its colour changes, its
      // contrast is neither the disabled nor the enabled one.
      if (path.startsWith('/user/find/')) await page.locator('[data-testid="find-submit"]:not([disabled])').waitFor({ timeout: T });
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
