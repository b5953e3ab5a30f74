import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { appStarted, launch, newPage, mailedCode, demoPassword, baseURL, freshApplicant } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function login(page, userId, password = demoPassword) {
  await page.goto('/user/login');
  await page.locator('input[name="userId"]').fill(userId);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}

test('sign-up with the mailed code, wrong code and taken id refused, then login (ko)', async () => {
  const page = await newPage(browser);
  const id = `e2e${Date.now().toString(36)}`;
  const email = `${id}@example.com`;
  await page.goto('/user/agree');
  await page.locator('input[name="agreeTerms"]').check();
  await page.locator('input[name="agreePrivacy"]').check();
  await page.getByTestId('agree-next').click();
  await page.waitForURL('**/user/register');

  await page.locator('input[name="userId"]').fill('applicant1');
  await page.locator('input[name="email"]').fill(email);
  await page.getByTestId('send-code').click();
  const code = await mailedCode(email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.locator('input[name="code"]').fill(wrong);
  await page.locator('input[name="password"]').fill('Abcdefg12');
  await page.locator('input[name="passwordConfirm"]').fill('Abcdefg12');
  const submit = page.getByTestId('register-submit');
  await submit.click({ timeout: 60_000 });
  // Both refusals show at their fields: the taken id and the wrong code.
  await page.getByText('이미 사용 중인 아이디입니다.').first().waitFor({ timeout: 30_000 });

  await page.locator('input[name="userId"]').fill(id);
  await submit.click({ timeout: 60_000 });
  await page.getByText('인증번호가 일치하지 않습니다. 이메일을 확인해 주세요.').first().waitFor({ timeout: 30_000 });

  await page.locator('input[name="code"]').fill(code);
  await submit.click({ timeout: 60_000 });
  await page.waitForURL('**/user/login', { timeout: 30_000 });
  // Sign-up does not sign in.
  await page.getByTestId('nav-login').first().waitFor();

  await login(page, id, 'Abcdefg12');
  await page.getByTestId('nav-user').first().waitFor();
  assert.match(await page.getByTestId('nav-user').first().innerText(), new RegExp(id));
  await page.context().close();
});

test('the nav differs for guest, applicant and system admin; sign out', async () => {
  const page = await newPage(browser);
  await page.goto('/');
  await page.getByTestId('nav-login').first().waitFor();
  assert.equal(await page.getByTestId('nav-mylist').count(), 0);
  assert.equal(await page.getByTestId('nav-sysadmin').count(), 0);

  await login(page, 'applicant1');
  await page.getByTestId('nav-mylist').first().waitFor();
  assert.equal(await page.getByTestId('nav-sysadmin').count(), 0);
  assert.equal(await page.getByTestId('nav-schooladmin').count(), 0);
  assert.equal(await page.getByTestId('nav-login').count(), 0);

  await page.getByTestId('nav-logout').first().click();
  await page.waitForURL('**/user/login');
  await page.getByTestId('nav-login').first().waitFor();

  await login(page, 'sysadmin');
  await page.getByTestId('nav-sysadmin').first().waitFor();
  await page.context().close();

  const school = await newPage(browser);
  await login(school, 'schooladmin');
  await school.getByTestId('nav-schooladmin').first().waitFor();
  assert.equal(await school.getByTestId('nav-sysadmin').count(), 0);
  await school.context().close();
});

test('language toggle changes texts and the title; an unknown path is a 404 page with a way home', async () => {
  const page = await newPage(browser);
  await page.goto('/user/login');
  await appStarted(page); // the prerendered copy is inert and carries its own title
  const koTitle = await page.title();
  const koButton = await page.getByTestId('login-submit').innerText();
  await page.getByTestId('lang-toggle').first().click();
  await page.waitForFunction((t) => document.title !== t, koTitle);
  const enTitle = await page.title();
  assert.notEqual(enTitle, koTitle);
  assert.match(enTitle, /[A-Za-z]/);
  assert.notEqual(await page.getByTestId('login-submit').innerText(), koButton);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  // The choice survives a reload (locale cookie).
  // The prerendered sign-in page is shown first; the title settles once the app has started.
  await page.reload();
  await appStarted(page);
  await page.waitForFunction((t) => document.title === t, enTitle, { timeout: 15_000 });
  assert.equal(await page.title(), enTitle);

  // An unknown path says so where it was asked (issue 21), with a way home.
  const answer = await page.goto('/no/such/page');
  assert.equal(answer.status(), 404);
  await page.getByTestId('not-found-page').waitFor();
  await page.getByTestId('not-found-home').click();
  await page.waitForURL(`${baseURL}/`);
  await page.context().close();
});

test('an answer of 401 signs the user out', async () => {
  const page = await newPage(browser, { locale: 'en' });
  await login(page, 'applicant2');
  await page.getByTestId('nav-user').first().waitFor();
  // The server no longer honours the session (a forged or revoked token):
  // the next call answers 401 and the SPA drops the user.
  const ctx = page.context();
  const cookies = await ctx.cookies();
  await ctx.clearCookies();
  await ctx.addCookies(cookies.map((c) => (c.name === 'access_token' ? { ...c, value: `${c.value}x` } : c)));
  await page.reload();
  await page.getByTestId('nav-login').first().waitFor({ timeout: 15_000 });
  assert.equal(await page.getByTestId('nav-user').count(), 0);
  await page.context().close();
});

test('works on a phone: no horizontal scroll, nav in a drawer', async () => {
  const page = await newPage(browser, { mobile: true });
  await page.goto('/');
  await page.getByTestId('nav-menu').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
  await page.context().close();
});

test('an admin opens /sysadmin and pages through users; an applicant is refused', async () => {
  const page = await newPage(browser, { locale: 'en' });
  await page.goto('/sysadmin/');
  await page.locator('input[name="userId"], input[name="username"]').first().fill('sysadmin');
  await page.locator('input[name="password"]').fill(demoPassword);
  await page.locator('button[type="submit"]').click();
  // Signed in: the dashboard shows the server health in the spec's colours.
  await page.getByTestId('health-overall').waitFor({ timeout: 30_000 });
  assert.equal(await page.getByTestId('health-db').getAttribute('data-status'), 'UP');
  // The list is newest first: an applicant made now is on the first page,
  // whatever accounts other tests have added.
  const newest = freshApplicant('adm');
  await page.goto('/sysadmin/users');
  await page.getByText(newest.userId).first().waitFor({ timeout: 30_000 });
  // The list is paged on the server: "1-N of N" with every demo applicant (and any signed up here), no staff.
  const range = await page.waitForFunction(() => document.body.innerText.match(/\b1\s*[-–]\s*(\d+)\s+(?:of|\/)\s+(\d+)\b/)?.slice(1));
  const [shown, total] = (await range.jsonValue()).map(Number);
  assert.ok(total >= 3 && shown === Math.min(total, 10), `pager shows 1-${shown} of ${total}`);
  await page.context().close();

  const app = await newPage(browser, { locale: 'en' });
  await app.goto('/sysadmin/');
  await app.locator('input[name="userId"], input[name="username"]').first().fill('applicant1');
  await app.locator('input[name="password"]').fill(demoPassword);
  await app.locator('button[type="submit"]').click();
  await app.getByText('This account has no administrator rights').first().waitFor({ timeout: 15_000 });
  await app.context().close();
});
