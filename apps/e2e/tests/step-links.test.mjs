// Issue 21, item 5: a form step's link survives a new tab. The step's
// address names the application (/appl/form?applNo=&step=), and the server,
// not a per-tab key, says whether it is the user's: the owner's new tab shows
// the form with what was saved; another user gets not-found and no data.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createApplication, freshApplicant, launch, login, newPage } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

test('a form step opened in a new tab shows the form; another user gets not-found, no data', async () => {
  const page = await newPage(browser, { locale: 'ko' });
  await login(page, freshApplicant('tab').userId);
  const applNo = await createApplication(page, { korName: '박새길' });
  await page.goto('/list');
  await page.getByTestId(`appl-row-${applNo}`).getByTestId('appl-action-edit').click();
  await page.getByTestId('form-stepper').waitFor({ timeout: T });
  await page.getByTestId('form-step-BASIS_SAVE').click();
  await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
  const link = new URL(page.url());
  assert.equal(link.pathname, '/appl/form');
  assert.equal(link.searchParams.get('applNo'), String(applNo), 'the address names the application');
  assert.equal(link.searchParams.get('step'), 'BASIS_SAVE');

  // the same link in a new tab of the same browser: the form, at that step, with what was saved
  const tab = await page.context().newPage();
  await tab.goto(link.pathname + link.search);
  await tab.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
  const name = tab.locator('[name="applicantInfo.korName"]');
  await name.waitFor({ timeout: T });
  assert.equal(await name.inputValue(), '박새길');
  assert.equal(new URL(tab.url()).pathname, '/appl/form', 'it stays on the form, not /list');
  assert.equal(await tab.getByTestId('toast').filter({ hasText: '잘못된 접근' }).count(), 0, 'no "incorrect approach"');
  await page.context().close();

  // another user with the same link: the server answers not-found, the page shows none of it
  const other = await newPage(browser, { locale: 'en' });
  await login(other, freshApplicant('tabx').userId);
  await other.goto(link.pathname + link.search);
  await other.getByTestId('appl-not-found').waitFor({ timeout: T });
  const body = await other.locator('body').innerText();
  assert.ok(!body.includes('박새길') && !body.includes('KIM HANEUL'), 'the page shows none of the application');
  assert.equal(await other.locator('[name="applicantInfo.korName"]').count(), 0, 'no form');
  await other.context().close();
});
