// Browser tests of the basic-info step (issue 8): drafts go on after a
// refused save and nothing typed is lost when leaving (defect 3); each
// section is shown only to those it applies to, and the server requires
// exactly what is shown (defect 7). Every test signs in as a new applicant
// of its own and opens a new application, so it needs nothing another test
// left and leaves nothing another test sees.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { launch, newPage, demoPassword, login, roundYear } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

/**
 * A new applicant of this test alone (one application per round and user):
 * a copy of the demo applicant's account under a fresh id, with the demo
 * password, written straight to the test server's database.
 */
function newApplicant() {
  const id = `bi${randomBytes(5).toString('hex')}`;
  const sql = `WITH u AS (INSERT INTO app_user (user_id, email, password_hash, terms_agreed_at, privacy_agreed_at)
      SELECT '${id}', '${id}@example.com', password_hash, now(), now() FROM app_user WHERE user_id = 'applicant1' RETURNING id)
    INSERT INTO user_role (user_pk, role) SELECT id, 'ROLE_USER' FROM u`;
  execFileSync('psql', [process.env.E2E_DATABASE_URL, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
  return id;
}


const byName = (page, name) => page.locator(`[name="${name}"]`).first();
const fill = (page, name, v) => byName(page, name).fill(v);
const value = (page, name) => byName(page, name).inputValue();
const select = (page, name, v) => page.locator(`select[name="${name}"]`).selectOption(v);

async function country(page, name, text) {
  const input = byName(page, name);
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
}

/** The server's message shown at the field. */
async function errorAt(page, path) {
  const helper = page.getByTestId(`${path}-helper`).first();
  await helper.waitFor({ timeout: T });
  assert.ok((await helper.innerText()).trim().length > 0, `no message at ${path}`);
}

const basisPost = (page) => page.waitForResponse((r) => r.url().includes('/appl/basis/') && r.request().method() === 'POST', { timeout: T });

/** Opens a new application of the school's first open round, up to basic info; answers its applNo. */
async function openBasicInfo(page, schoolCode, part) {
  await page.goto('/');
  await page.getByTestId('start-application').click();
  await page.getByTestId('round-picker').waitFor({ timeout: T });
  await page.getByTestId('round-school').selectOption(schoolCode);
  // The demo round (sequence 1), whatever its year: the test must not depend on
  // today's date, nor on rounds other files open in the same school.
  await page.getByTestId(`round-apply-${await roundYear(schoolCode)}-1`).click();
  await page.getByTestId('consent-all').check();
  await page.getByTestId('consent-next').click();
  await page.getByTestId('part-form').waitFor({ timeout: T });
  await select(page, 'major', part.major);
  await select(page, 'categoryCode', part.category);
  await select(page, 'stayTypeCode', part.stay);
  await page.getByTestId(part.survey).check();
  const created = page.waitForResponse((r) => r.url().endsWith('/appl/part') && r.request().method() === 'POST', { timeout: T });
  await page.getByTestId('part-submit').click();
  const res = await created;
  assert.equal(res.status(), 201, `the application is created: ${await res.text()}`);
  const applNo = (await res.json()).applNo;
  await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
  return applNo;
}

/** Comes back to basic info from the list, as a person would after leaving. */
async function reopen(page, applNo) {
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  await row.getByTestId('appl-action-edit').click();
  await page.getByTestId('form-stepper').waitFor({ timeout: T });
  await page.getByTestId('form-step-BASIS_SAVE').click();
  await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
}

const EWHA = { major: 'IS01|M', category: '00001', stay: '00001', survey: 'survey.p1.01' };
const HANBIT = { major: 'IC01|M', category: '00003', stay: '00002', survey: 'survey.p1.02' };
const FOREIGN_ONLY = ['section-passport', 'section-visa', 'section-alien', 'section-guarantor', 'g20-question'];

test('defect 3: after a refused save drafts go on, and leaving keeps everything typed (ko)', async () => {
  const page = await newPage(browser, { locale: 'ko' });
  await login(page, newApplicant());
  const applNo = await openBasicInfo(page, '236', EWHA);

  // type, then press Save within a second: the server refuses
  await country(page, 'applicantInfo.nationality', '대한민국');
  await fill(page, 'applicantInfo.korName', '홍길동');
  await fill(page, 'applicantInfo.engName', 'HONG1');
  const refused = basisPost(page);
  await page.getByTestId('step-save').click();
  assert.equal((await refused).status(), 400);
  await errorAt(page, 'applicantInfo.engName');

  // type more and wait: a draft is written after the refusal
  await fill(page, 'applicantInfo.mobile', '010-9876-5432');
  const draft = await page.waitForResponse((r) => r.url().includes(`/appl/draft/${applNo}/BASIS_SAVE`) && r.request().method() === 'PUT', { timeout: 10_000 });
  assert.equal(draft.status(), 200, 'the draft after a refused save is kept');

  // leave and come back: everything typed is there
  await reopen(page, applNo);
  await page.getByTestId('draft-restored').waitFor({ timeout: T });
  assert.equal(await value(page, 'applicantInfo.korName'), '홍길동');
  assert.equal(await value(page, 'applicantInfo.engName'), 'HONG1');
  assert.equal(await value(page, 'applicantInfo.mobile'), '010-9876-5432');

  // type, press Save within a second, get the refusal and leave at once: still kept
  await fill(page, 'applicantInfo.addressDetail', '별관 202호');
  const again = basisPost(page);
  await page.getByTestId('step-save').click();
  assert.equal((await again).status(), 400);
  await page.getByTestId('step-errors').waitFor({ timeout: T });
  await reopen(page, applNo);
  assert.equal(await value(page, 'applicantInfo.addressDetail'), '별관 202호', 'typed before a refused save, then left');
  assert.equal(await value(page, 'applicantInfo.mobile'), '010-9876-5432');
  await page.context().close();
});

/** The page's height with the basic-info step open. */
const pageHeight = (page) => page.evaluate(() => document.documentElement.scrollHeight);

async function visibleSections(page) {
  const out = [];
  for (const id of FOREIGN_ONLY) if (await page.getByTestId(id).count()) out.push(id);
  return out;
}

test('defect 7: a Korean applicant sees none of passport, visa, alien registration, guarantor or G20 and saves (ko, desktop and phone)', async () => {
  const heights = {};
  for (const mobile of [false, true]) {
    const page = await newPage(browser, { locale: 'ko', mobile });
    await login(page, newApplicant());
    await openBasicInfo(page, '236', EWHA);
    await country(page, 'applicantInfo.nationality', '대한민국');
    await page.locator('[name="applicantInfo.korName"]').waitFor({ timeout: T });
    heights[mobile ? 'phone375' : 'desktop1280'] = await pageHeight(page);
    console.log(`basic info height for a Korean applicant: ${JSON.stringify(heights)}`);
    assert.deepEqual(await visibleSections(page), [], 'no foreign-only section for a Korean');
    if (!mobile) {
      await select(page, 'applicantInfo.gend', 'M');
      await fill(page, 'applicantInfo.birthDate', '1998-03-01');
      await fill(page, 'applicantInfo.korName', '홍길동');
      await fill(page, 'applicantInfo.engName', 'HONG GILDONG');
      await fill(page, 'applicantInfo.residentNoLast', '1234567');
      await fill(page, 'applicantInfo.mobile', '010-1234-5678');
      await fill(page, 'applicantInfo.emergencyContact.name', '홍아버지');
      await fill(page, 'applicantInfo.emergencyContact.relation', '부');
      await fill(page, 'applicantInfo.emergencyContact.phone', '010-2222-3333');
      const res = basisPost(page);
      await page.getByTestId('step-save').click();
      const r = await res;
      assert.equal(r.status(), 200, `a Korean saves without the hidden sections: ${await r.text()}`);
    }
    await page.context().close();
  }
});

test('defect 7: a foreign applicant sees the sections that apply and the server refuses without them, at the field (en)', async () => {
  const page = await newPage(browser, { locale: 'en' });
  await login(page, newApplicant());
  await openBasicInfo(page, 'SCL00001', HANBIT);
  assert.deepEqual(await visibleSections(page), [], 'nothing foreign-only before a nationality is chosen');
  await country(page, 'applicantInfo.nationality', 'China');
  await page.getByTestId('section-passport').waitFor({ timeout: T });
  assert.deepEqual(await visibleSections(page), FOREIGN_ONLY);

  await select(page, 'applicantInfo.gend', 'F');
  await fill(page, 'applicantInfo.birthDate', '1999-07-15');
  await fill(page, 'applicantInfo.lastName', 'Wang');
  await fill(page, 'applicantInfo.firstName', 'Fang');
  await fill(page, 'applicantInfo.mobile', '+86 138 0000 0000');
  await fill(page, 'applicantInfo.emergencyContact.name', 'Wang Wei');
  await fill(page, 'applicantInfo.emergencyContact.relation', 'Father');
  await fill(page, 'applicantInfo.emergencyContact.phone', '+86 139 0000 0000');
  const refused = basisPost(page);
  await page.getByTestId('step-save').click();
  assert.equal((await refused).status(), 400);
  for (const f of ['passportNo', 'visaTypeCode', 'financialGuarantor.name', 'g20Answers']) await errorAt(page, `applicantInfo.${f}`);

  await page.getByTestId('no-passport').check();
  assert.equal(await value(page, 'applicantInfo.passportNo'), '0000', "the round's own 'none' passport number");
  await select(page, 'applicantInfo.visaTypeCode', '00999');
  await fill(page, 'applicantInfo.financialGuarantor.name', 'Wang Wei');
  await fill(page, 'applicantInfo.financialGuarantor.relation', 'Father');
  await fill(page, 'applicantInfo.financialGuarantor.phone', '+86 139 0000 0000');
  await page.getByTestId('g20-156').check();
  const saved = basisPost(page);
  await page.getByTestId('step-save').click();
  const r = await saved;
  assert.equal(r.status(), 200, `saves with the sections that apply: ${await r.text()}`);
  await page.context().close();
});
