// Issue 23 item 6: every back-office path of the seed's section 2 opens its
// page, with or without a parameter (a redirect to the page's own route is
// fine), for a system admin (the routes do not depend on the language: one
// walk, in Korean). A path that lands on
// react-admin's "not found" page or falls back to the dashboard fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, login, freshApplicant, createApplication } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

// The seed's admin paths. {applNo} and {userId} are filled with a real
// application and its applicant; `lands` is where the page lives.
const seedPaths = (applNo, userId) => [
  ['user/list', /\/sysadmin\/users$/],
  [`appl/basic/${applNo}`, new RegExp(`/sysadmin/applications/${applNo}/show$`)],
  ['user/management', /\/sysadmin\/members$/],
  ['user/management/update', /\/sysadmin\/members$/],
  ['remake/applid', /\/sysadmin\/remake\/applid$/],
  ['remake/application', /\/sysadmin\/applications$/],
  [`appl/list/${userId}`, /\/sysadmin\/applications$/],
  ['recruit-part/list', /\/sysadmin\/recruit-parts$/],
  ['recruit-part/detail', /\/sysadmin\/recruit-parts$/],
  ['recruit-part/create', /\/sysadmin\/recruit-parts\/create$/],
  ['manual-pay', /\/sysadmin\/manual-pay$/],
  ['pay-check', /\/sysadmin\/pay\/check$/],
  ['info-inquiry', /\/sysadmin\/info-inquiry$/],
  ['auth/list', /\/sysadmin\/roles$/],
  [`auth/detail/${userId}`, new RegExp(`/sysadmin/roles/${userId}/show$`)],
  ['settlement/list', /\/sysadmin\/settlement\/list$/],
  ['applId/check', /\/sysadmin\/applId\/check$/],
  ['inquiry/manage', /\/sysadmin\/inquiries$/],
  ['recommend/template', /\/sysadmin\/recommend\/template$/],
  ['pay/info', /\/sysadmin\/pay\/attempts$/],
  ['pay/cancel', /\/sysadmin\/pay\/cancel$/],
  ['pay/cancel/history', /\/sysadmin\/pay\/cancels$/],
  ['pay-failure/history', /\/sysadmin\/pay\/failures$/],
];

{
  const locale = 'ko';
  test(`${locale}: every seed admin path opens its page`, async () => {
    const applicant = await newPage(browser, { locale });
    const { userId } = freshApplicant('seed');
    await login(applicant, userId);
    const applNo = await createApplication(applicant, { korName: '경로점검' });
    await applicant.context().close();

    const page = await newPage(browser, { locale });
    await login(page, 'sysadmin');
    for (const [path, lands] of seedPaths(applNo, userId)) {
      await page.goto(`/sysadmin/${path}`);
      await page.waitForURL(lands, { timeout: T }).catch(() => {});
      await page.waitForLoadState('networkidle').catch(() => {});
      const url = new URL(page.url());
      assert.match(url.pathname, lands, `/sysadmin/${path} landed on ${url.pathname}`);
      assert.equal(await page.locator('[class*="RaNotFound"]').count(), 0, `/sysadmin/${path} says not found`);
      await page.locator('main h1, main h2, main h5, main h6, main table, main form').first().waitFor({ timeout: T });
      if (path.startsWith('appl/list/')) {
        // the applications of that account only
        const filter = JSON.parse(url.searchParams.get('filter') || '{}');
        assert.equal(filter.userId, userId);
        await page.getByText(String(applNo), { exact: true }).first().waitFor({ timeout: T });
      }
      if (path.startsWith('appl/basic/')) await page.getByText('경로점검').first().waitFor({ timeout: T });
      if (path.startsWith('auth/detail/')) await page.getByText(userId).first().waitFor({ timeout: T });
    }
    await page.context().close();
  });
}
