// Issue 11: an applicant requests two recommenders; one opens the link from
// the mail file, saves a draft, leaves, returns through the same mail and
// submits with a file; asked by a second applicant, the same recommender
// sees both requests on one page with their details prefilled; the
// applicant sees 00040 and gets the mail; a school admin downloads the
// letter PDF; the second request is cancelled in 00010 and its link then
// says the request does not exist. In Korean on a desktop and in English
// on a phone; axe checks the new pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, newPage, login, call, freshApplicant, roundYear, demoPassword } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
const shots = process.env.E2E_SHOTS; // a folder: screenshots for a human look

async function shot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

function decode(eml) {
  const unfolded = eml.replace(/=\r?\n/g, '');
  return unfolded.replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** The key link of the newest recommendation request mail to an address, from the mail files. */
async function mailedLink(to, notIn = []) {
  const dir = process.env.E2E_MAIL_DIR;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.eml')).sort().reverse()) {
      const text = readFileSync(join(dir, f), 'utf8');
      if (!text.includes(`To: <${to}>`) && !text.includes(`To: ${to}`)) continue;
      const m = decode(text).match(/https?:\/\/[^\s"<>]+\/recommend\/([A-Za-z0-9_-]{43})/);
      if (m && !notIn.includes(m[0])) return m[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no recommendation link mailed to ${to}`);
}

async function mailsTo(to, subjectPart) {
  const dir = process.env.E2E_MAIL_DIR;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.eml'))) {
      const text = readFileSync(join(dir, f), 'utf8');
      if (text.includes(to) && decode(text).includes(subjectPart)) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with ${subjectPart}`);
}

async function axe(page, what, include) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(600);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const r = await builder.analyze();
  assert.deepEqual(r.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), [], `axe on ${what}`);
}

/** An application to round 1 of school 236 (Ewha GSIS, whose demo admin is `schooladmin`). */
async function apply236(page, korName) {
  const year = await roundYear('236');
  const round = (await call(page, 'GET', `/apply/api/recruit?schoolCode=236&enterYear=${year}&partSeq=1`)).body;
  const part = {
    applPartRequestList: [{ schoolCode: '236', enterYear: year, recruitPartSeq: 1, majorCode: 'DC01', isMaster: true,
      isGeneralType: true, stayTypeCode: '00001', categoryCode: round.categories[0].code }],
    consents: Object.fromEntries(round.consents.map((c) => [c.code, c.version])),
  };
  if (round.partSurvey?.length) part.surveyRequest = { answers: [{ questionCode: 'p1', itemCode: '01', inputType: 'radio' }] };
  const r = await call(page, 'POST', '/apply/api-auth/appl/part', part);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const basis = await call(page, 'POST', `/apply/api-auth/appl/basis/${r.body.applNo}`, {
    applicantInfo: {
      gend: 'F', korName, engName: 'KIM HANEUL', nationality: '410', birthDate: '1998-03-01',
      residentNoLast: '2345678', address: '서울특별시 서대문구 이화여대길 52', addressDetail: '101호', postCode: '03760',
      phone: '02-123-4567', mobile: '010-1234-5678', email: 'haneul@example.com',
      emergencyContact: { name: '김부모', relation: '모', phone: '010-2222-3333' },
    },
  });
  assert.equal(basis.status, 200, JSON.stringify(basis.body));
  return r.body.applNo;
}

async function openRequests(page) {
  await page.goto('/list');
  await page.getByTestId('appl-recommend').first().click();
  await page.getByTestId('appl-recommend-page').waitFor({ timeout: T });
}

async function request(page, { name, email, locale }) {
  await page.getByTestId('recommend-field-profName').fill(name);
  await page.getByTestId('recommend-field-email').fill(email);
  await page.getByTestId('recommend-field-phone').fill('010-1234-5678');
  await page.getByTestId('recommend-field-institution').fill('한국대학교 Korea University');
  await page.getByTestId('recommend-field-position').fill('Professor');
  if (locale === 'en') {
    await page.getByTestId('recommend-field-locale').click();
    await page.getByRole('option').nth(1).click();
  }
  await page.getByTestId('recommend-send').click();
  await page.locator(`[data-testid="recommend-request"][data-email="${email}"]`).waitFor({ timeout: T });
}

const PARAS = 'She led our lab seminar for two years.\n\nHer thesis on 한국어 corpora was the best of her cohort.';

for (const [locale, mobile] of [['ko', false], ['en', true]]) {
  test(`recommendation letters end to end (${locale}${mobile ? ', phone' : ''})`, { timeout: 240_000 }, async () => {
    const tag = randomBytes(3).toString('hex');
    const prof1 = `prof1-${tag}@e2e.gradapply.example`;
    const prof2 = `prof2-${tag}@e2e.gradapply.example`;
    const a = freshApplicant('reca');
    const page = await newPage(browser, { locale, mobile });
    await login(page, a.userId);
    const applNo = await apply236(page, '김하늘');
    await openRequests(page);
    await page.getByTestId('recommend-letters').waitFor({ timeout: T });
    assert.match(await page.getByTestId('recommend-letters').innerText(), /2/);
    await request(page, { name: 'Lee Jaewon', email: prof1, locale });
    await request(page, { name: 'Park Minsu', email: prof2, locale });
    await axe(page, '/appl/recommend/request/list');
    await shot(page, `${locale}-applicant-requests`);

    // The first recommender: open the mailed link, save a draft, leave.
    const link1 = await mailedLink(prof1);
    const rec = await newPage(browser, { locale, mobile });
    await rec.goto(link1);
    await rec.getByTestId('recommend-entry').first().waitFor({ timeout: T });
    await axe(rec, '/recommend/{key}');
    await rec.getByTestId('recommend-write').first().click();
    await rec.getByTestId('answer-rec_form_q2').waitFor({ timeout: T });
    await rec.getByTestId('answer-rec_form_q2').fill(PARAS);
    await rec.getByTestId('letter-save').click();
    await rec.locator('[data-testid="recommend-status"][data-status="00030"]').waitFor({ timeout: T });
    // Submitting now names what is missing and keeps the draft.
    await rec.getByTestId('letter-submit').click();
    await rec.getByTestId('letter-submit-confirm').click();
    await rec.getByTestId('letter-errors').waitFor({ timeout: T });
    await axe(rec, '/recommend/form/{key} with errors');
    await shot(rec, `${locale}-letter-errors`);
    await rec.context().close();

    // Back through the same mail: the draft and its paragraphs are there.
    const again = await newPage(browser, { locale, mobile });
    await again.goto(link1);
    await again.getByTestId('recommend-write').first().click();
    await again.getByTestId('answer-rec_form_q2').waitFor({ timeout: T });
    assert.equal(await again.getByTestId('answer-rec_form_q2').inputValue(), PARAS);
    await again.getByTestId('answer-rec_form_q1').fill('3 years, thesis advisor');
    await again.getByTestId('answer-rec_form_q3').fill('Could speak up more in seminars.');
    for (let i = 4; i <= 15; i++) {
      await again.getByTestId(`answer-rec_form_q${i}`).getByRole('radio').first().check();
    }
    await again.getByTestId('answer-rec_form_q16').fill('Seoul, Korea');
    await again.getByTestId('profile-position').fill('Dean');
    await again.getByTestId('letter-sign').fill('Lee Jaewon');
    const dir = mkdtempSync(join(tmpdir(), 'rec-'));
    const file = join(dir, 'letter.pdf');
    writeFileSync(file, '%PDF-1.4\n% e2e letter\n');
    await again.getByTestId('letter-file-input').setInputFiles(file);
    await again.getByTestId('letter-file').waitFor({ timeout: T });
    await again.getByTestId('letter-submit').click();
    await again.getByTestId('letter-submit-confirm').click();
    await again.getByTestId('letter-locked').waitFor({ timeout: T });
    await shot(again, `${locale}-letter-submitted`);
    await again.context().close();

    // The applicant sees 00040, never the content, and is mailed.
    await openRequests(page);
    await page.locator(`[data-testid="recommend-request"][data-email="${prof1}"] [data-status="00040"]`).waitFor({ timeout: T });
    assert.ok(!(await page.content()).includes('thesis advisor'));
    await mailsTo(a.email, 'Lee Jaewon'); // the notice names who submitted

    // A second applicant asks the same recommender: one page, both requests, details prefilled.
    const b = freshApplicant('recb');
    const pageB = await newPage(browser, { locale, mobile });
    await login(pageB, b.userId);
    await apply236(pageB, '박서연');
    await openRequests(pageB);
    await request(pageB, { name: 'Lee Jaewon', email: prof1, locale });
    await pageB.context().close();
    const link1b = await mailedLink(prof1, [link1]);
    const rec2 = await newPage(browser, { locale, mobile });
    await rec2.goto(link1b);
    await rec2.getByTestId('recommend-entry').nth(1).waitFor({ timeout: T });
    assert.equal(await rec2.getByTestId('recommend-entry').count(), 2);
    await rec2.getByTestId('recommend-profile').waitFor({ timeout: T });
    await shot(rec2, `${locale}-recommender-two-requests`);
    await rec2.locator('[data-testid="recommend-entry"] [data-status="00010"]').waitFor();
    await rec2.locator('[data-testid="recommend-entry"]', { has: rec2.locator('[data-status="00010"]') }).getByTestId('recommend-write').click();
    await rec2.getByTestId('profile-institution').waitFor({ timeout: T });
    assert.equal(await rec2.getByTestId('profile-position').inputValue(), 'Dean');
    assert.equal(await rec2.getByTestId('profile-institution').inputValue(), '한국대학교 Korea University');
    await axe(rec2, '/recommend/form/{key}');
    await shot(rec2, `${locale}-letter-form`);
    await rec2.context().close();

    // A school admin of 236 downloads the letter PDF in the back office.
    const admin = await newPage(browser, { locale });
    await admin.goto('/sysadmin/');
    await admin.locator('input[name="userId"]').fill('schooladmin');
    await admin.locator('input[name="password"]').fill(demoPassword);
    await admin.getByTestId('login-submit').click();
    await admin.getByTestId('menu-recommend-template').click();
    await admin.getByTestId('template-version').waitFor({ timeout: T });
    // Only the page's own content: react-admin's shell (app bar, menu) has
    // findings of its own that are not this issue's.
    await axe(admin, '/sysadmin/recommend/template', '[data-testid="recommend-template"]');
    await admin.getByTestId('letters-appl-no').fill(String(applNo));
    await admin.getByTestId('letters-load').click();
    await admin.getByTestId('letters-table').waitFor({ timeout: T });
    await shot(admin, `${locale}-admin-letters`);
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('letter-pdf').click()]);
    const saved = join(dir, 'downloaded.pdf');
    await download.saveAs(saved);
    assert.equal(readFileSync(saved).subarray(0, 4).toString(), '%PDF');
    await admin.context().close();

    // The second request, still 00010, is cancelled; its link then finds nothing.
    const link2 = await mailedLink(prof2);
    const card2 = page.locator(`[data-testid="recommend-request"][data-email="${prof2}"]`);
    await card2.getByTestId('recommend-cancel').click();
    await page.getByTestId('recommend-cancel-confirm').click();
    await card2.waitFor({ state: 'detached', timeout: T });
    const gone = await newPage(browser, { locale, mobile });
    await gone.goto(link2);
    const msg = await gone.getByTestId('recommend-key-error').innerText({ timeout: T });
    assert.equal(msg, locale === 'en' ? 'No request exists.' : '추천서 요청이 없습니다.');
    await gone.context().close();
    await page.context().close();
  });
}
