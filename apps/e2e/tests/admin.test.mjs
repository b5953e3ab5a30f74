// Defects 1 and 2 of issue 8, as a school officer meets them: the School
// Admin menu lands on its pages (also from hash links), the back-office menu
// is what the server allows, and the applicant list holds applicants only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, demoPassword, freshApplicant, call } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function login(page, userId) {
  await page.goto('/user/login');
  await page.locator('input[name="userId"]').fill(userId);
  await page.locator('input[name="password"]').fill(demoPassword);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('nav-logout').first().waitFor({ timeout: 20_000 });
}

test('each School Admin menu link lands on its page, and hash links do too', async () => {
  const page = await newPage(browser);
  await login(page, 'schooladmin');
  const links = [
    { item: 'nav-schooladmin-round', path: '/sysadmin/info-inquiry', sees: (p) => p.getByTestId('info-inquiry-rounds') },
    // recruit-part/list is the rounds resource (/sysadmin/recruit-parts).
    { item: 'nav-schooladmin-recruit', path: '/sysadmin/recruit-parts', sees: (p) => p.getByRole('heading', { name: /모집 전형/ }) },
    { item: 'nav-schooladmin-applid', path: '/sysadmin/applId/check', sees: (p) => p.getByRole('heading', { name: /수험번호/ }) },
  ];
  for (const l of links) {
    await page.goto('/');
    await page.getByTestId('nav-schooladmin').first().click();
    await page.getByTestId(l.item).first().click();
    await page.waitForURL(`**${l.path}`);
    await l.sees(page).first().waitFor({ timeout: 30_000 });
    assert.equal(await page.getByTestId('health-card').count(), 0, `${l.path} showed the dashboard`);
  }
  // The round settings of the admin's own school (236), read-only.
  await page.goto('/sysadmin/info-inquiry');
  const rounds = page.getByTestId('info-inquiry-rounds');
  await rounds.waitFor({ timeout: 30_000 });
  assert.match(await rounds.innerText(), /KRW/);

  for (const [hash, path, testId] of [['#/info-inquiry', '/sysadmin/info-inquiry', 'info-inquiry'], ['#/users', '/sysadmin/users', null]]) {
    await page.goto(`/sysadmin/${hash}`);
    await page.waitForURL(`**${path}`);
    if (testId) await page.getByTestId(testId).waitFor({ timeout: 30_000 });
  }
  await page.context().close();
});

test('the back-office menu shows what the server allows the role', async () => {
  const page = await newPage(browser);
  await login(page, 'setadmin'); // ROLE_SET_ADMIN: round setup, no applicants, no payments
  await page.goto('/sysadmin/');
  const item = page.getByTestId('menu-info-inquiry').first();
  await item.waitFor({ timeout: 30_000 });
  const menu = await item.locator('xpath=ancestor::*[self::ul or @role="menu" or contains(@class, "RaMenu")][1]').innerText();
  assert.match(menu, /모집 전형/);
  assert.doesNotMatch(menu, /지원자|결제|정산|권한/, `set admin's menu: ${menu}`);
  await page.context().close();
});

test('the applicant list holds applicants, never staff accounts', async () => {
  for (const [admin, staff] of [['sysadmin', ['schooladmin', 'setadmin', 'setup236', 'settle', 'closer']], ['schooladmin', ['schooladmin']]]) {
    const page = await newPage(browser);
    await login(page, admin);
    const newest = freshApplicant('adl');
    const done = page.waitForResponse((r) => r.url().includes('/apply/api-auth/admin/users') && r.request().method() === 'GET', { timeout: 30_000 });
    await page.goto('/sysadmin/users');
    const body = await (await done).json();
    const ids = body.map((u) => u.userId);
    for (const s of staff) assert.ok(!ids.includes(s), `${admin} sees staff ${s} in the applicant list: ${ids}`);
    // Searched by id, whatever page they would fall on: staff never, an applicant yes.
    const search = async (q) => {
      const r = await call(page, 'GET', `/apply/api-auth/admin/users?filter=${encodeURIComponent(JSON.stringify({ q }))}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.map((u) => u.userId);
    };
    for (const s of staff) assert.ok(!(await search(s)).includes(s), `${admin} finds staff ${s} in the applicant list`);
    if (admin === 'sysadmin') {
      assert.ok((await search('applicant1')).includes('applicant1'), 'the search finds a demo applicant');
      // The list is newest first: wait for the rows through one made just before it
      // (a demo applicant may be on a later page once other files on this server added accounts).
      await page.getByText(newest.userId).first().waitFor({ timeout: 30_000 });
      for (const s of staff) assert.equal(await page.getByRole('cell', { name: s, exact: true }).count(), 0);
    }
    await page.context().close();
  }
});
