// Defect 8 of issue 8 and issues 10, 12 and 13, kept from coming back: axe-core
// finds no violation on the back office's round and school settings, money
// pages and lists (ko desktop, en phone). The applicant's pages are in
// axe.test.mjs; the two files run in parallel workers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, newPage, login, roundYear } from './helpers.mjs';

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
      ['/sysadmin/settlement/list', (p) => p.getByTestId('settle-school')],
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
