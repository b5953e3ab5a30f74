// Issue 23 item 5: no raw code anywhere in the admin. A system admin walks
// the back-office pages in Korean and English, with an application of their
// own making in them; no page shows a status, window, cancel type, pay type,
// role or country as its code, nor a school or round code where its name
// belongs. The dashboard's charts count in whole numbers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, login, freshApplicant, createApplication, roundYear } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

// Codes as the database and the API hold them.
const RAW = /\b(0000[1-9]|SUBMIT|COMPLETE|RECOMMEND_REQUEST|APPL_PART_SAVE|BASIS_SAVE|ACAD_SAVE|LANG_SAVE|visa_master|vbank|ROLE_[A-Z_]+|ARTS01|GSPP01)\b/;

for (const locale of ['ko', 'en']) {
  test(`${locale}: the back office shows names, never codes`, async () => {
    const applicant = await newPage(browser, { locale });
    const { userId } = freshApplicant('names');
    await login(applicant, userId);
    const applNo = await createApplication(applicant, { korName: '이름확인' });
    await applicant.context().close();

    const page = await newPage(browser, { locale });
    await login(page, 'sysadmin');
    const pages = ['/sysadmin/applications', `/sysadmin/applications/${applNo}/show`, '/sysadmin/round-closures', '/sysadmin/recruit-parts',
      '/sysadmin/info-inquiry', '/sysadmin/pay/attempts', '/sysadmin/pay/refund-requests', '/sysadmin/members', '/sysadmin/roles',
      '/sysadmin/inquiries', '/sysadmin/surveys', '/sysadmin/settlement/fee-rules', '/sysadmin/settlement/list', '/sysadmin/'];
    const found = [];
    for (const path of pages) {
      await page.goto(path);
      await page.locator('main').first().waitFor({ timeout: T });
      await page.waitForLoadState('networkidle').catch(() => {});
      if (path.endsWith('/show')) {
        // the applicant's gender and nationality (F, 410) by name
        await page.getByTestId('info-nationality').filter({ hasText: locale === 'ko' ? '대한민국' : /Korea/ }).waitFor({ timeout: T });
        assert.match(await page.getByTestId('info-gend').innerText(), locale === 'ko' ? /여/ : /Female/);
      }
      const text = await page.locator('main').first().innerText();
      const hit = text.split('\n').filter((l) => RAW.test(l));
      if (hit.length) found.push(`${path}: ${hit.slice(0, 3).join(' | ')}`);
    }
    assert.deepEqual(found, [], 'raw codes shown');

    // The dashboard: the round picked by name, the counts' axes in whole numbers.
    const year = await roundYear('ARTS01');
    await page.goto('/sysadmin/');
    await page.getByTestId('dash-school').selectOption('ARTS01');
    await page.getByTestId('dash-round').selectOption(`ARTS01-${year}-1`);
    const dash = page.getByTestId('round-dashboard');
    await dash.locator('[role="figure"] svg').first().waitFor({ timeout: T });
    const ticks = await dash.evaluate((el) => [...el.querySelectorAll('[role="figure"]')].flatMap((f, i) =>
      [...f.querySelectorAll(`.MuiChartsAxis-direction${i === 0 ? 'X' : 'Y'} .MuiChartsAxis-tickLabel`)].map((t) => t.textContent)));
    assert.ok(ticks.length > 0, 'the charts have numeric axes');
    for (const t of ticks) assert.match(t, /^\d+$/, `axis tick ${t} is a whole number`);
    await page.context().close();
  });
}
