// Issue 14: find id, reset a forgotten password from the mailed link (used
// once), My Info behind the password (change e-mail with a code, phone),
// leave the service and fail to sign in; ko and en, desktop and phone; axe
// on the new pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, newPage, mailedCode, demoPassword, freshApplicant, login, decodeBody } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

/** The newest mail to an address whose body matches re; answers the match. */
async function mailed(to, re) {
  const dir = process.env.E2E_MAIL_DIR;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.eml')).sort().reverse()) {
      const text = readFileSync(join(dir, f), 'utf8');
      if (!text.includes(to)) continue;
      const m = decodeBody(text).match(re);
      if (m) return m;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${re}`);
}

async function axe(page, what) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(600);
  const r = await new AxeBuilder({ page }).analyze();
  assert.deepEqual(r.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), [], `axe on ${what}`);
}

test('find id, then reset the password from the mailed link; the used link is refused (ko)', async () => {
  const { userId, email } = freshApplicant('fid');
  const page = await newPage(browser);
  await page.goto('/user/login');
  await page.getByRole('link', { name: '아이디 찾기' }).click();
  await page.waitForURL('**/user/find/id');
  await page.getByTestId('find-email').fill(email.toUpperCase());
  await page.locator('[data-testid="find-submit"]:not([disabled])').waitFor({ timeout: T });
  await axe(page, '/user/find/id');
  await page.getByTestId('find-submit').click();
  await page.getByTestId('find-sent').waitFor({ timeout: T });
  assert.match(await page.getByTestId('find-sent').innerText(), /가입된 아이디가 있으면/);
  const [, mailedId] = await mailed(email, /아이디: (\w+)/);
  assert.equal(mailedId, userId);

  await page.getByRole('link', { name: '비밀번호 찾기' }).click();
  await page.waitForURL('**/user/find/pwd');
  await page.getByTestId('find-userId').fill(userId);
  await page.getByTestId('find-email').fill(email);
  await page.locator('[data-testid="find-submit"]:not([disabled])').waitFor({ timeout: T });
  await page.getByTestId('find-submit').click();
  await page.getByTestId('find-sent').waitFor({ timeout: T });
  const [link] = await mailed(email, /https?:\/\/[^\s"<]+\/user\/modify\/pwd\/[^\s"<]+/);
  await page.goto(link);
  await page.getByTestId('reset-form').waitFor({ timeout: T });
  await axe(page, 'the reset page');
  await page.getByTestId('reset-password').fill('weak');
  await page.getByTestId('reset-password-confirm').fill('weak');
  await page.getByTestId('reset-submit').click();
  await page.getByText('비밀번호는 8~16자', { exact: false }).first().waitFor({ timeout: T });
  await page.getByTestId('reset-password').fill('Renewed2026');
  await page.getByTestId('reset-password-confirm').fill('Renewed2026');
  await page.getByTestId('reset-submit').click();
  await page.waitForURL('**/user/login', { timeout: T });
  await page.locator('input[name="userId"]').fill(userId);
  await page.locator('input[name="password"]').fill('Renewed2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('nav-user').first().waitFor({ timeout: T });

  await page.goto(link);
  await page.getByTestId('reset-invalid').waitFor({ timeout: T });
  assert.match(await page.getByTestId('reset-invalid').innerText(), /만료되었거나 이미 사용되었습니다/);
  await page.context().close();
});

test('My Info on a phone (en): password again, change e-mail with a code and the phone, then leave and fail to sign in', async () => {
  const { userId } = freshApplicant('inf');
  const page = await newPage(browser, { locale: 'en', mobile: true });
  await login(page, userId);
  await page.goto('/user/modify/info');
  // No ticket: back to the password.
  await page.waitForURL('**/user/confirm/pwd?type=MODIPY', { timeout: T });
  await page.getByTestId('confirm-password').fill('Wrong1234');
  await page.getByTestId('confirm-submit').click();
  await page.getByText('The password is incorrect.').waitFor({ timeout: T });
  await axe(page, '/user/confirm/pwd (phone)');
  await page.getByTestId('confirm-password').fill(demoPassword);
  await page.getByTestId('confirm-submit').click();
  await page.waitForURL('**/user/modify/info', { timeout: T });
  await page.getByTestId('info-userId').waitFor({ timeout: T });
  assert.equal(await page.getByTestId('info-userId').innerText(), userId);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `My Info is ${width}px wide on a 375px phone`);
  await axe(page, '/user/modify/info (phone)');

  const newEmail = `${userId}.new@e2e.gradapply.example`;
  await page.getByTestId('info-new-email').fill(newEmail);
  await page.getByTestId('info-send-code').click();
  await page.getByTestId('info-code-sent').waitFor({ timeout: T });
  await page.getByTestId('info-code').fill(await mailedCode(newEmail));
  await page.getByTestId('info-change-email').click();
  await page.getByText('Your e-mail address has been changed.').waitFor({ timeout: T });
  assert.equal(await page.getByTestId('info-current-email').innerText(), newEmail);

  await page.getByTestId('info-phone-input').fill('010-1234');
  await page.getByTestId('info-save-phone').click();
  await page.getByText('Enter the phone number as 9 to 20 digits', { exact: false }).waitFor({ timeout: T });
  await page.getByTestId('info-phone-input').fill('010-1234-5678');
  await page.getByTestId('info-save-phone').click();
  await page.getByText('Saved.').waitFor({ timeout: T });
  assert.equal(await page.getByTestId('info-phone-input').inputValue(), '01012345678');

  // My data: a ZIP with the account and the applications.
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: T }), page.getByTestId('info-export').click()]);
  assert.match(download.suggestedFilename(), new RegExp(`^gradapply-${userId}-\\d{8}\\.zip$`));
  const zip = readFileSync(await download.path());
  assert.equal(zip.subarray(0, 2).toString(), 'PK');
  for (const name of ['account.json', 'applications.json', 'payments.json']) assert.ok(zip.includes(name), `${name} in the ZIP`);

  await page.getByTestId('info-leave-agree').check();
  await page.getByTestId('info-leave').click();
  await page.getByTestId('info-leave-confirm').click();
  await page.waitForURL((u) => u.pathname === '/', { timeout: T });
  await page.getByText('Your account has been closed.', { exact: false }).waitFor({ timeout: T });
  assert.equal((await page.context().cookies()).filter((c) => c.name === 'access_token' || c.name === 'user').length, 0, 'session cookies left');

  await page.goto('/user/login');
  await page.locator('input[name="userId"]').fill(userId);
  await page.locator('input[name="password"]').fill(demoPassword);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-error').waitFor({ timeout: T });
  assert.match(await page.getByTestId('login-error').innerText(), /incorrect/);
  await page.context().close();
});
