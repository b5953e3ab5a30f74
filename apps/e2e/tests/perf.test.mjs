// Issue 8 (Lighthouse on the home and login pages), kept from coming back:
// the home page does not move when the school list arrives, and the pages
// with a form raise no Content-Security-Policy issue (Lighthouse's
// "inspector-issues" audit, a best-practices point).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

test('home: the sections below the school search keep their place when the school list arrives', async () => {
  const page = await newPage(browser, { mobile: true });
  // Hold the school list until the page has been measured without it.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route('**/apply/api/standard/schl*', async (route) => { await held; await route.continue(); });
  await page.goto('/');
  const intro = page.locator('#intro-title');
  await intro.waitFor({ timeout: T });
  const before = await intro.boundingBox();
  release();
  await page.getByTestId('school-search').waitFor({ timeout: T });
  const after = await intro.boundingBox();
  assert.equal(after.y, before.y, 'the introduction moved when the school search appeared');
  await page.context().close();
});

test('login and sign-up: no Content-Security-Policy issue (no eval probe)', async () => {
  const page = await newPage(browser);
  const cdp = await page.context().newCDPSession(page);
  const issues = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') issues.push(JSON.stringify(issue.details));
  });
  await cdp.send('Audits.enable');
  await page.goto('/user/login');
  await page.getByTestId('login-submit').click(); // an empty form: the schema runs
  await page.locator('[aria-invalid="true"]').first().waitFor({ timeout: T });
  await page.goto('/user/agree');
  await page.locator('input[name="agreeTerms"]').check();
  await page.locator('input[name="agreePrivacy"]').check();
  await page.getByTestId('agree-next').click();
  await page.waitForURL('**/user/register', { timeout: T });
  await page.locator('input[name="userId"]').waitFor({ timeout: T });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  assert.deepEqual(issues, []);
  await page.context().close();
});
