// Browser end-to-end tests of issue 4 (the application form), in ko and en:
// a demo applicant picks a demo round, fills every step (several academic and
// career entries), meets the server's field errors for one invalid input of
// each rule family, saves, reloads and finds everything, sees the application
// in /list at the right step; a second applicant gets nothing of it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, demoPassword, baseURL, freshApplicant, roundYear, createApplication, login } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
const today = new Date();
const future = `${today.getFullYear() + 1}-01-15`;

// the ko test's application
let firstApplNo = 0;


const byName = (page, name) => page.locator(`[name="${name}"]`).first();
const fill = (page, name, value) => byName(page, name).fill(value);
const select = (page, name, value) => page.locator(`select[name="${name}"]`).selectOption(value);
const check = (page, name) => byName(page, name).check();
const uncheck = (page, name) => byName(page, name).uncheck();

async function country(page, name, text) {
  const input = byName(page, name);
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
}

async function university(page, base, query, option) {
  const input = page.getByTestId(`${base}.school`);
  await input.click();
  await input.fill(query);
  await page.getByRole('option', { name: option }).first().click();
}

/** The server's message shown at the field. */
async function errorAt(page, path, pattern) {
  const helper = page.getByTestId(`${path}-helper`).first();
  await helper.waitFor({ timeout: T });
  const text = (await helper.innerText()).trim();
  assert.ok(text.length > 0, `no message at ${path}`);
  if (pattern) assert.match(text, pattern, `message at ${path}`);
  return text;
}

function stepPost(page, path) {
  return page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST', { timeout: T });
}

/** Save the open step and expect the server to refuse it with field errors. */
async function saveExpectingErrors(page, path) {
  const res = stepPost(page, path);
  await page.getByTestId('step-save').click();
  const r = await res;
  assert.equal(r.status(), 400, `${path} should be refused`);
  await page.getByTestId('step-errors').waitFor({ timeout: T });
}

/** Next saves the step and opens the following one. */
async function saveAndNext(page, path, nextStep) {
  const res = stepPost(page, path);
  await page.getByTestId('step-next').click();
  const r = await res;
  assert.equal(r.status(), 200, `${path} should save, got ${r.status()}: ${await r.text()}`);
  await page.getByTestId(`step-form-${nextStep}`).waitFor({ timeout: T });
}

/** Save the open step with its save button and expect the server to accept it. */
async function saveStep(page, path) {
  const res = stepPost(page, path);
  await page.getByTestId('step-save').click();
  const r = await res;
  assert.equal(r.status(), 200, `${path} should save, got ${r.status()}: ${await r.text()}`);
}

// A 2x2 PNG that decodes (uploads decode images); padding after its end is allowed.
const pngHead = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAF0lEQVR4nGKRt8pgYGBgYgADQAAAAP//CRcAyGlrjcYAAAAASUVORK5CYII=', 'base64');
const docFile = (code, extensions) => (extensions.includes('pdf')
  ? { name: `doc${code}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n%e2e document ${code}\n%%EOF\n`) }
  : { name: `doc${code}.png`, mimeType: 'image/png', buffer: Buffer.concat([pngHead, Buffer.alloc(1024)]) });

/** The documents step: upload a file for every required item through its input, then save the step (FILE_SAVE). */
async function saveDocuments(page, applNo) {
  await page.getByTestId('documents-panel').waitFor({ timeout: T });
  const view = await (await page.request.get(`/apply/api-auth/appl/doc/${applNo}`)).json();
  const required = view.list.flatMap((g) => g.documents).filter((d) => d.required);
  assert.ok(required.length > 0, 'the round requires documents');
  for (const d of required) {
    const file = docFile(d.code, d.extensions);
    const res = page.waitForResponse((r) => r.url().includes('/appl/doc/upload/') && r.request().method() === 'POST', { timeout: T });
    await page.getByTestId(`doc-input-${d.code}`).setInputFiles(file);
    const r = await res;
    assert.equal(r.status(), 200, `${file.name} should upload, got ${r.status()}: ${await r.text()}`);
    await page.getByTestId(`doc-file-${d.code}`).filter({ hasText: file.name }).waitFor({ timeout: T });
  }
  const saved = page.waitForResponse((r) => r.url().includes('/appl/doc/save/'), { timeout: T });
  await page.getByTestId('documents-save').click();
  assert.equal((await saved).status(), 200, 'the documents step saves');
  await page.locator('[data-testid="documents-panel"][data-status="FILE_SAVE"]').waitFor({ timeout: T });
}

async function value(page, name) {
  return byName(page, name).inputValue();
}

async function startApplication(page, schoolCode) {
  await page.getByTestId('start-application').click();
  await page.getByTestId('round-picker').waitFor({ timeout: T });
  await page.getByTestId('round-school').selectOption(schoolCode);
  await page.getByTestId(`round-apply-${await roundYear(schoolCode)}-1`).click();
  await page.getByTestId('consent-form').waitFor({ timeout: T });
}

async function openFromList(page, applNo, action) {
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  await row.getByTestId(`appl-action-${action}`).click();
}

test('ko: a Korean applicant fills every step of Ewha GSIS, meets the field errors, reloads and finds everything', async () => {
  const page = await newPage(browser, { locale: 'ko' });
  const me = freshApplicant('ko');
  await login(page, me.userId);
  await page.goto('/ewha-gsis/main');
  assert.equal(await page.getByTestId('school-header').evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(0, 70, 42)');
  await page.getByTestId('nav-home').first().click();

  // consents: every item is required, the versions go with the part request
  await startApplication(page, '236');
  await page.getByTestId('consent-next').click();
  await page.getByTestId('consent-error').waitFor();
  for (const code of ['personal_info', 'unique_id', 'sensitive_info', 'consignment', 'third_party', 'false_application']) {
    await page.getByTestId(`consent-consent.${code}`).check();
  }
  await page.getByTestId('consent-next').click();

  // part: the server names the missing choices at their fields
  await page.getByTestId('part-form').waitFor({ timeout: T });
  const partRes = page.waitForResponse((r) => r.url().endsWith('/appl/part') && r.request().method() === 'POST');
  await page.getByTestId('part-submit').click();
  assert.equal((await partRes).status(), 400);
  await errorAt(page, 'major');
  await errorAt(page, 'survey.p1');
  await select(page, 'major', 'IS01|M');
  await select(page, 'categoryCode', '00001');
  await select(page, 'stayTypeCode', '00001');
  await page.getByTestId('survey.p1.01').check();
  const created = page.waitForResponse((r) => r.url().endsWith('/appl/part') && r.request().method() === 'POST');
  await page.getByTestId('part-submit').click();
  const createdBody = await (await created).json();
  firstApplNo = createdBody.applNo;
  assert.ok(firstApplNo > 0);
  assert.equal(createdBody.consents.length, 6);

  // basic info: name, resident number, e-mail, phone, date and required-group rules
  await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
  assert.match(await page.getByTestId('form-part').innerText(), /국제학과 석사과정/);
  assert.equal(await value(page, 'applicantInfo.email'), me.email);
  await country(page, 'applicantInfo.nationality', '대한민국');
  await select(page, 'applicantInfo.gend', 'M');
  await fill(page, 'applicantInfo.birthDate', '19980301');
  assert.equal(await value(page, 'applicantInfo.birthDate'), '1998-03-01', 'dates are grouped as yyyy-MM-dd');
  await fill(page, 'applicantInfo.korName', '홍 길동');
  await fill(page, 'applicantInfo.engName', 'HONG1');
  await fill(page, 'applicantInfo.residentNoLast', '2234567');
  await fill(page, 'applicantInfo.mobile', '010-12ab');
  await fill(page, 'applicantInfo.email', 'not-an-email');
  // entry date and stay are foreign applicants' sections (defect 7): a date rule on the birth date instead
  await fill(page, 'applicantInfo.birthDate', '2099-01-01');
  await saveExpectingErrors(page, '/appl/basis/');
  await errorAt(page, 'applicantInfo.korName', /공백/);
  await errorAt(page, 'applicantInfo.engName', /영문/);
  await errorAt(page, 'applicantInfo.residentNoLast');
  await errorAt(page, 'applicantInfo.mobile');
  await errorAt(page, 'applicantInfo.email');
  await errorAt(page, 'applicantInfo.birthDate');
  await errorAt(page, 'applicantInfo.emergencyContact.name');

  await fill(page, 'applicantInfo.korName', '홍길동');
  await fill(page, 'applicantInfo.engName', 'HONG GILDONG');
  await fill(page, 'applicantInfo.lastName_eng', 'HONG');
  await fill(page, 'applicantInfo.firstName_eng', 'GILDONG');
  await fill(page, 'applicantInfo.residentNoLast', '1234567');
  await fill(page, 'applicantInfo.mobile', '010-1234-5678');
  await fill(page, 'applicantInfo.phone', '02-123-4567');
  await fill(page, 'applicantInfo.email', 'hong@example.com');
  await fill(page, 'applicantInfo.birthDate', '1998-03-01');
  // the postcode widget may not load here: manual entry always works
  await page.getByTestId('postcode-search').click();
  await Promise.race([
    page.getByTestId('postcode-fallback').waitFor({ timeout: 15_000 }),
    page.getByRole('dialog').waitFor({ timeout: 15_000 }).then(() => page.keyboard.press('Escape')),
  ]);
  await fill(page, 'applicantInfo.postCode', '03760');
  await fill(page, 'applicantInfo.address', '서울특별시 서대문구 이화여대길 52');
  await fill(page, 'applicantInfo.addressDetail', '101호');
  await fill(page, 'applicantInfo.emergencyContact.name', '홍아버지');
  await fill(page, 'applicantInfo.emergencyContact.relation', '부');
  await fill(page, 'applicantInfo.emergencyContact.phone', '010-2222-3333');
  await select(page, 'applicantInfo.maritalStatus', '00001');
  await page.getByTestId('family-add').click();
  await page.getByTestId('family-add').click();
  await select(page, 'applicantInfo.familyList.0.relation', '00001');
  await fill(page, 'applicantInfo.familyList.0.name', '홍판서');
  await fill(page, 'applicantInfo.familyList.0.birthDate', '1960-05-05');
  await select(page, 'applicantInfo.familyList.1.relation', '00002');
  await fill(page, 'applicantInfo.familyList.1.name', '춘섬');
  await saveAndNext(page, '/appl/basis/', 'ACAD_SAVE');

  // academic history: grade, final education, school search and date rules
  await university(page, 'acadList.0', '서울', '서울대학교');
  // the school search fills the country (after the choice settles)
  await page.waitForFunction(() => document.querySelector('[name="acadList.0.countryCode"]')?.value === '대한민국', null, { timeout: T });
  await fill(page, 'acadList.0.department', '정치외교학과');
  await fill(page, 'acadList.0.enterDay', '2016-03-02');
  await fill(page, 'acadList.0.graduateDay', '2020-02-20');
  await select(page, 'acadList.0.graduationStatus', '00001');
  await select(page, 'acadList.0.degreeCourse', '00001');
  await select(page, 'acadList.0.gradeForm', '00001');
  await select(page, 'acadList.0.fullScore', '4.50');
  await fill(page, 'acadList.0.gpa', '4.85');
  await uncheck(page, 'acadList.0.acadFinal');
  await page.getByTestId('acad-add').click();
  await select(page, 'acadList.1.acadType', 'grad');
  await university(page, 'acadList.1', 'zzz', '목록에 없음');
  await country(page, 'acadList.1.countryCode', '영국');
  await fill(page, 'acadList.1.enterDay', '2021-09-01');
  await fill(page, 'acadList.1.graduateDay', '2021-06-30');
  await select(page, 'acadList.1.graduationStatus', '00001');
  await select(page, 'acadList.1.gradeForm', '00002');
  await select(page, 'acadList.1.fullScore', '100');
  await fill(page, 'acadList.1.gpa', '92');
  await saveExpectingErrors(page, '/appl/acad/');
  await errorAt(page, 'acadList', /최종 학력/);
  await errorAt(page, 'acadList.0.gpa', /만점/);
  await errorAt(page, 'acadList.1.searchSchoolName');
  await errorAt(page, 'acadList.1.graduateDay');

  await fill(page, 'acadList.0.gpa', '3.85');
  await fill(page, 'acadList.1.searchSchoolName', 'University of Oxford');
  await fill(page, 'acadList.1.graduateDay', '2022-06-30');
  await check(page, 'acadList.1.acadFinal');
  await page.getByTestId('acad-add').click();
  await select(page, 'acadList.2.acadType', 'high');
  await university(page, 'acadList.2', 'zzz', '목록에 없음');
  await fill(page, 'acadList.2.searchSchoolName', 'Hanbit High School');
  await country(page, 'acadList.2.countryCode', '대한민국');
  await fill(page, 'acadList.2.enterDay', '2013-03-02');
  await fill(page, 'acadList.2.graduateDay', '2016-02-10');
  await select(page, 'acadList.2.graduationStatus', '00001');
  await select(page, 'acadList.2.gradeForm', '00003');
  await fill(page, 'acadList.2.gpa', '1등급');
  await saveAndNext(page, '/appl/acad/', 'LANG_SAVE');

  // language scores: the test's maximum
  await select(page, 'partLanguages.0.langExamCode', '00001');
  await fill(page, 'partLanguages.0.score', '130');
  await fill(page, 'partLanguages.0.examDay', '2026-05-10');
  await fill(page, 'partLanguages.0.expiryDay', '2028-05-10');
  await page.getByTestId('lang-add').click();
  await select(page, 'partLanguages.1.langExamCode', '00006');
  await fill(page, 'partLanguages.1.level', 'IH');
  await fill(page, 'partLanguages.1.examDay', '2025-11-20');
  await saveExpectingErrors(page, '/appl/lang/');
  await errorAt(page, 'partLanguages.0.score');
  await fill(page, 'partLanguages.0.score', '105');
  await saveAndNext(page, '/appl/lang/', 'CAREER_SAVE');

  // career: only one current, retire day not in the future
  await page.getByTestId('career-add').click();
  await page.getByTestId('career-add').click();
  await fill(page, 'careerList.0.companyName', '한빛전자');
  await select(page, 'careerList.0.compType', '00001');
  await select(page, 'careerList.0.employmentType', '00001');
  await fill(page, 'careerList.0.joinDay', '2022-03-02');
  await check(page, 'careerList.0.currentYn');
  await fill(page, 'careerList.0.description', '해외영업');
  await fill(page, 'careerList.1.companyName', '누리상사');
  await fill(page, 'careerList.1.joinDay', '2020-03-02');
  await check(page, 'careerList.1.currentYn');
  await saveExpectingErrors(page, '/appl/career/');
  await errorAt(page, 'careerList');
  await uncheck(page, 'careerList.1.currentYn');
  await fill(page, 'careerList.1.retireDay', future);
  await saveExpectingErrors(page, '/appl/career/');
  await errorAt(page, 'careerList.1.retireDay');
  await fill(page, 'careerList.1.retireDay', '2022-02-28');

  // nothing typed is lost: the unsaved step goes to the server as a draft and
  // comes back after a reload; leaving asks first
  await page.locator('[data-testid="draft-status"][data-status="saved"]').waitFor({ timeout: T });
  await page.getByTestId('nav-mylist').first().click();
  await page.getByTestId('leave-dialog').waitFor();
  await page.getByTestId('leave-stay').click();
  assert.match(page.url(), /\/appl\/form\?applNo=\d+&step=CAREER_SAVE$/);
  let prompted = false;
  page.once('dialog', (d) => { prompted = d.type() === 'beforeunload'; void d.accept(); });
  await page.reload();
  await page.getByTestId('draft-restored').waitFor({ timeout: T });
  assert.ok(prompted, 'reloading with unsaved changes asks first');
  assert.equal(await value(page, 'careerList.1.companyName'), '누리상사');
  assert.equal(await value(page, 'careerList.1.retireDay'), '2022-02-28');
  await saveAndNext(page, '/appl/career/', 'ADD_INFO_SAVE');

  // additional info: certificates and essays with counters and limits
  await page.getByTestId('cert-add').click();
  await fill(page, 'certificateList.0.description', '정보처리기사');
  await fill(page, 'certificateList.0.institution', '한국산업인력공단');
  await fill(page, 'certificateList.0.issueDay', '2021-06-30');
  await page.getByTestId('cert-add').click();
  await fill(page, 'certificateList.1.description', '토익 스피킹');
  await fill(page, 'certificateList.1.issueDay', '2024-01-20');
  await page.getByTestId('essays.0.lang-ko').check();
  await fill(page, 'essays.0.text', '안녕하세요 저는 홍길동입니다');
  assert.match(await page.getByTestId('essays.0.text-counter').innerText(), /^15 \/ 400/);
  await page.getByTestId('essays.1.lang-en').check();
  await fill(page, 'essays.1.text', 'word '.repeat(801).trim());
  assert.match(await page.getByTestId('essays.1.text-counter').innerText(), /^801 \/ 800/);
  await page.getByTestId('essays.2.lang-en').check();
  await fill(page, 'essays.2.text', 'I will work for international cooperation.');
  await saveExpectingErrors(page, '/appl/add-info/');
  await errorAt(page, 'essays.1.text', /800/);
  await fill(page, 'essays.1.text', 'My study plan is to research development cooperation in East Asia.');
  await saveAndNext(page, '/appl/add-info/', 'FILE_SAVE');

  // documents: every required item uploaded through the step, then the step saved
  await saveDocuments(page, firstApplNo);
  await page.getByTestId('step-next').click();

  // survey: a required question left open is refused at the question, then the survey saves
  await page.getByTestId('step-form-SURVEY').waitFor({ timeout: T });
  await page.getByTestId('answers.q1.99').check();
  await fill(page, 'answers.q1.comment.99', '교수님 추천');
  await page.getByTestId('answers.q2.01').check();
  await page.getByTestId('answers.q2.03').check();
  await fill(page, 'answers.q4', '장학금 안내를 부탁드립니다.');
  await saveExpectingErrors(page, '/survey/save');
  await errorAt(page, 'answers.q3');
  await page.getByTestId('answers.q3.N').check();
  await saveStep(page, '/survey/save');

  // a reload finds the survey saved (not a draft)
  await page.reload();
  await page.getByTestId('step-form-SURVEY').waitFor({ timeout: T });
  await page.locator('[data-testid="answers.q3.N"]:checked').waitFor({ timeout: T });
  assert.equal(await page.getByTestId('draft-restored').count(), 0, 'no draft: the survey is saved');
  assert.ok(await page.getByTestId('answers.q1.99').isChecked());
  assert.equal(await value(page, 'answers.q1.comment.99'), '교수님 추천');
  assert.ok(await page.getByTestId('answers.q2.01').isChecked());
  assert.ok(await page.getByTestId('answers.q2.03').isChecked());
  assert.ok(!(await page.getByTestId('answers.q2.02').isChecked()));
  assert.equal(await value(page, 'answers.q4'), '장학금 안내를 부탁드립니다.');

  // /list: the application at the last step with the actions its status allows
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${firstApplNo}`);
  await row.waitFor({ timeout: T });
  assert.equal(await row.getByTestId('appl-status').getAttribute('data-status'), 'SURVEY');
  const stepText = await row.getByTestId('appl-step').innerText();
  assert.match(stepText, /설문/);
  assert.doesNotMatch(stepText, /다음:/, 'no step left');
  assert.match(await row.getByTestId('appl-school').textContent(), /이화여자대학교 국제대학원/);
  for (const a of ['edit', 'view', 'cancel', 'submit']) await row.getByTestId(`appl-action-${a}`).waitFor();

  // edit again: everything saved is there
  await row.getByTestId('appl-action-edit').click();
  await page.getByTestId('step-form-SURVEY').waitFor({ timeout: T });
  await page.locator('[data-testid="answers.q2.03"]:checked').waitFor({ timeout: T });
  await page.getByTestId('form-step-FILE_SAVE').click();
  await page.locator('[data-testid="documents-panel"][data-status="SURVEY"]').waitFor({ timeout: T });
  assert.equal(await page.getByTestId('doc-item-00003').getAttribute('data-has-file'), 'true');
  await page.getByTestId('form-step-BASIS_SAVE').click();
  await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
  assert.equal(await value(page, 'applicantInfo.korName'), '홍길동');
  assert.equal(await value(page, 'applicantInfo.residentNoLast'), '1******', 'identification numbers come back masked');
  assert.equal(await value(page, 'applicantInfo.familyList.1.name'), '춘섬');
  assert.equal(await value(page, 'applicantInfo.postCode'), '03760');
  // a reload keeps the form (the access key lives for the tab)
  await page.reload();
  await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
  assert.equal(await value(page, 'applicantInfo.engName'), 'HONG GILDONG');
  await page.getByTestId('form-step-ACAD_SAVE').click();
  await page.getByTestId('step-form-ACAD_SAVE').waitFor({ timeout: T });
  assert.equal(await page.getByTestId('acadList.0.school').inputValue(), '서울대학교');
  assert.equal(await value(page, 'acadList.1.searchSchoolName'), 'University of Oxford');
  assert.ok(await byName(page, 'acadList.1.acadFinal').isChecked());
  assert.equal(await value(page, 'acadList.2.searchSchoolName'), 'Hanbit High School');
  await page.getByTestId('form-step-LANG_SAVE').click();
  await page.getByTestId('step-form-LANG_SAVE').waitFor({ timeout: T });
  assert.equal(await value(page, 'partLanguages.0.score'), '105');
  assert.equal(await value(page, 'partLanguages.1.level'), 'IH');
  await page.getByTestId('form-step-CAREER_SAVE').click();
  await page.getByTestId('step-form-CAREER_SAVE').waitFor({ timeout: T });
  assert.equal(await value(page, 'careerList.0.companyName'), '한빛전자');
  assert.ok(await byName(page, 'careerList.0.currentYn').isChecked());
  assert.equal(await value(page, 'careerList.1.retireDay'), '2022-02-28');
  await page.getByTestId('form-step-ADD_INFO_SAVE').click();
  await page.getByTestId('step-form-ADD_INFO_SAVE').waitFor({ timeout: T });
  assert.equal(await value(page, 'certificateList.1.description'), '토익 스피킹');
  assert.match(await value(page, 'essays.1.text'), /^My study plan/);

  // view mode: read-only, no header, the specification's message
  await openFromList(page, firstApplNo, 'view');
  await page.getByTestId('view-mode-notice').waitFor({ timeout: T });
  assert.match(await page.getByTestId('view-mode-notice').innerText(), /보기 모드에서는 수정할 수 없습니다|수정/);
  assert.equal(await page.getByTestId('nav-mylist').count(), 0, 'no header in view mode');
  await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
  assert.ok(await byName(page, 'applicantInfo.korName').isDisabled());
  assert.equal(await page.getByTestId('step-save').count(), 0);
  await page.getByTestId('step-close').click();
  await page.getByTestId('my-list-page').waitFor({ timeout: T });

  // a typed URL of the flow: 'Incorrect approach', then the list
  await page.goto('/appl/form?step=BASIS_SAVE');
  await page.getByTestId('toast').filter({ hasText: '잘못된 접근' }).waitFor({ timeout: T });
  await page.waitForURL('**/list');
  await page.context().close();
});

test('en (phone, 375 px): Hanbit GSIS rules (nationality refusal, passport 0000, visa None, G20), every step saved', async () => {
  const page = await newPage(browser, { locale: 'en', mobile: true });
  await login(page, freshApplicant('en').userId);
  await page.goto('/');
  await startApplication(page, 'SCL00001');
  await page.getByTestId('consent-all').check();
  await page.getByTestId('consent-next').click();
  await page.getByTestId('part-form').waitFor({ timeout: T });
  await select(page, 'major', 'IC01|M');
  await select(page, 'categoryCode', '00003');
  await select(page, 'stayTypeCode', '00002');
  await page.getByTestId('survey.p1.02').check();
  await page.getByTestId('part-submit').click();
  await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
  const noScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(noScroll, 'the form fits 375 px without horizontal scrolling');
  await page.getByTestId('rule-nationality').waitFor();
  assert.match(await page.getByTestId('rule-nationality').innerText(), /Republic of Korea/);

  // the programme refuses Korean nationals; passport and visa must be given or 'none'
  await country(page, 'applicantInfo.nationality', 'Republic of Korea');
  await select(page, 'applicantInfo.gend', 'F');
  await fill(page, 'applicantInfo.birthDate', '1999-07-15');
  await fill(page, 'applicantInfo.mobile', '+86 138 0000 0000');
  // a Korean national is shown no passport section (defect 7)
  assert.equal(await page.getByTestId('section-passport').count(), 0);
  await saveExpectingErrors(page, '/appl/basis/');
  await errorAt(page, 'applicantInfo.nationality', /not accept|Korea/i);

  await country(page, 'applicantInfo.nationality', 'China');
  await fill(page, 'applicantInfo.lastName', 'Wang');
  await fill(page, 'applicantInfo.firstName', 'Fang');
  await fill(page, 'applicantInfo.middleName', 'Li$');
  await fill(page, 'applicantInfo.engLastName', 'WANG');
  await fill(page, 'applicantInfo.engFirstName', 'FANG');
  await fill(page, 'applicantInfo.foreignerRegistrationNo', '12345');
  await saveExpectingErrors(page, '/appl/basis/');
  await errorAt(page, 'applicantInfo.passportNo');
  await errorAt(page, 'applicantInfo.visaTypeCode');
  await errorAt(page, 'applicantInfo.g20Answers');
  await errorAt(page, 'applicantInfo.middleName');
  await errorAt(page, 'applicantInfo.foreignerRegistrationNo', /13/);

  await fill(page, 'applicantInfo.middleName', 'Li');
  await fill(page, 'applicantInfo.foreignerRegistrationNo', '');
  await page.getByTestId('no-passport').check();
  assert.equal(await value(page, 'applicantInfo.passportNo'), '0000');
  await select(page, 'applicantInfo.visaTypeCode', '00999');
  await page.getByTestId('g20-156').check();
  await fill(page, 'applicantInfo.foreignAddress', 'No. 1 Chang’an Avenue, Beijing');
  await fill(page, 'applicantInfo.postCode', '100000');
  await fill(page, 'applicantInfo.address', 'Beijing');
  await fill(page, 'applicantInfo.email', 'fang@example.com');
  await fill(page, 'applicantInfo.emergencyContact.name', 'Wang Wei');
  await fill(page, 'applicantInfo.emergencyContact.relation', 'Father');
  await fill(page, 'applicantInfo.emergencyContact.phone', '+86 139 0000 0000');
  await fill(page, 'applicantInfo.financialGuarantor.name', 'Wang Wei');
  await fill(page, 'applicantInfo.financialGuarantor.relation', 'Father');
  await fill(page, 'applicantInfo.financialGuarantor.phone', '+86 139 0000 0000');
  await saveAndNext(page, '/appl/basis/', 'ACAD_SAVE');

  await select(page, 'acadList.0.acadType', 'univ');
  await university(page, 'acadList.0', 'Peking', 'Peking University');
  await fill(page, 'acadList.0.enterDay', '2017-09-01');
  await fill(page, 'acadList.0.graduateDay', '2021-07-01');
  await select(page, 'acadList.0.graduationStatus', '00001');
  await select(page, 'acadList.0.gradeForm', '00001');
  await select(page, 'acadList.0.fullScore', '4.00');
  await fill(page, 'acadList.0.gpa', '3.5');
  await page.getByTestId('acad-add').click();
  await select(page, 'acadList.1.acadType', 'high');
  await university(page, 'acadList.1', 'zzz', 'Not in the list');
  await fill(page, 'acadList.1.searchSchoolName', 'Beijing No. 4 High School');
  await country(page, 'acadList.1.countryCode', 'China');
  await fill(page, 'acadList.1.enterDay', '2014-09-01');
  await fill(page, 'acadList.1.graduateDay', '2017-06-30');
  await select(page, 'acadList.1.graduationStatus', '00001');
  await select(page, 'acadList.1.gradeForm', '00003');
  await fill(page, 'acadList.1.gpa', 'A');
  await saveExpectingErrors(page, '/appl/acad/');
  await errorAt(page, 'acadList.0.gpa', /two decimals/i);
  await fill(page, 'acadList.0.gpa', '3.50');
  await saveAndNext(page, '/appl/acad/', 'LANG_SAVE');

  // at least one score: an empty list is refused
  await page.getByTestId('lang-remove-0').click();
  await saveExpectingErrors(page, '/appl/lang/');
  await errorAt(page, 'partLanguages');
  await page.getByTestId('lang-add').click();
  await select(page, 'partLanguages.0.langExamCode', '00008');
  await fill(page, 'partLanguages.0.score', '125');
  await fill(page, 'partLanguages.0.examDay', '2026-03-01');
  await page.getByTestId('lang-add').click();
  await select(page, 'partLanguages.1.langExamCode', '00009');
  await fill(page, 'partLanguages.1.level', '5');
  await fill(page, 'partLanguages.1.examDay', '2025-10-19');
  await fill(page, 'partLanguages.1.topik_seq', '101');
  await saveAndNext(page, '/appl/lang/', 'CAREER_SAVE');

  await page.getByTestId('career-add').click();
  await fill(page, 'careerList.0.companyName', 'Huawei');
  await fill(page, 'careerList.0.joinDay', '2021-08-01');
  await fill(page, 'careerList.0.retireDay', '2023-02-28');
  await page.getByTestId('career-add').click();
  await fill(page, 'careerList.1.companyName', 'UNDP China');
  await fill(page, 'careerList.1.joinDay', '2023-03-01');
  await check(page, 'careerList.1.currentYn');
  await saveAndNext(page, '/appl/career/', 'ADD_INFO_SAVE');

  for (const [i, text] of [[0, 'I grew up in Beijing.'], [1, 'I want to study international cooperation.'], [2, 'I will work at an international organisation.']]) {
    await page.getByTestId(`essays.${i}.lang-en`).check();
    await fill(page, `essays.${i}.text`, text);
  }
  assert.match(await page.getByTestId('essays.0.text-counter').innerText(), /^5 \/ 400 words/);
  const addInfo = stepPost(page, '/appl/add-info/');
  await page.getByTestId('step-next').click();
  const applNo = (await (await addInfo).json()).applNo;
  await page.getByTestId('step-form-FILE_SAVE').waitFor({ timeout: T });

  await saveDocuments(page, applNo);
  await page.getByTestId('step-next').click();
  await page.getByTestId('step-form-SURVEY').waitFor({ timeout: T });
  await page.getByTestId('answers.q1.02').check();
  await page.getByTestId('answers.q2.05').check();
  await page.getByTestId('answers.q3.Y').check();
  await saveStep(page, '/survey/save');

  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  assert.equal(await row.getByTestId('appl-status').getAttribute('data-status'), 'SURVEY');
  assert.match(await row.getByTestId('appl-step').innerText(), /Survey/);
  assert.match(await row.getByTestId('appl-school').textContent(), /Hanbit University/);

  await row.getByTestId('appl-action-edit').click();
  // the part can change within its round
  await page.getByTestId('form-step-APPL_PART_SAVE').click();
  await page.getByTestId('part-form').waitFor({ timeout: T });
  assert.equal(await page.locator('select[name="major"]').inputValue(), 'IC01|M');
  await select(page, 'categoryCode', '00004');
  await page.getByTestId('part-submit').click();
  await page.getByTestId('form-stepper').waitFor({ timeout: T });
  await page.getByTestId('form-step-BASIS_SAVE').click();
  await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
  assert.equal(await value(page, 'applicantInfo.nationality'), 'China');
  assert.equal(await value(page, 'applicantInfo.passportNo'), '0000', "the school's 'none' passport is returned as is");
  assert.equal(await page.locator('select[name="applicantInfo.visaTypeCode"]').inputValue(), '00999');
  assert.ok(await page.getByTestId('g20-156').isChecked());
  await page.getByTestId('form-step-SURVEY').click();
  await page.locator('[data-testid="answers.q2.05"]:checked').waitFor({ timeout: T });
  assert.ok(await page.getByTestId('answers.q3.Y').isChecked());
  await page.context().close();
});

test('video essay major: the link and its instructions (timefree, Nuri media acting)', async () => {
  const page = await newPage(browser, { locale: 'ko' });
  await login(page, 'timefree');
  await page.goto('/nuri-arts/main');
  await page.getByTestId('school-header').waitFor({ timeout: T });
  // the school page is in the school's colour, orange by default, darkened
  // just enough for white text to read on it (WCAG AA)
  const [r, g, b] = (await page.getByTestId('school-header').evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g).map(Number);
  assert.ok(r > g && g > b && b < 40 && r - b > 120, `orange header, got rgb(${r}, ${g}, ${b})`);
  const lum = (v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  const contrast = 1.05 / (0.2126 * lum(r) + 0.7152 * lum(g) + 0.0722 * lum(b) + 0.05);
  assert.ok(contrast >= 4.5, `white on the header reads at ${contrast.toFixed(2)}:1`);
  await page.getByTestId(`round-apply-${await roundYear('ARTS01')}-1`).click();
  await page.getByTestId('consent-all').check();
  await page.getByTestId('consent-next').click();
  await select(page, 'major', 'MA01|M');
  await select(page, 'categoryCode', '00001');
  await select(page, 'stayTypeCode', '00001');
  await page.getByTestId('part-submit').click();
  await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
  const req = await page.getByTestId('video-requirements').innerText();
  for (const s of ['5분', '로그인', '스트리밍', '한국어', '얼굴']) assert.ok(req.includes(s), `instruction ${s}`);
  await fill(page, 'applicantInfo.videoEssayUrl', 'https://www.youtube.com/watch?v=abc');
  await saveExpectingErrors(page, '/appl/basis/');
  await errorAt(page, 'applicantInfo.videoEssayUrl');

  // cancelling from the list: asked first, then only viewing is left
  page.once('dialog', (d) => void d.accept());
  await page.goto('/list');
  const row = page.locator('[data-testid^="appl-row-"]').first();
  await row.getByTestId('appl-action-cancel').click();
  await page.getByTestId('appl-cancel-confirm').click();
  await page.locator('[data-testid="appl-status"][data-status="CANCEL"]').waitFor({ timeout: T });
  assert.equal(await row.getByTestId('appl-action-edit').count(), 0);
  await row.getByTestId('appl-action-view').waitFor();
  await page.context().close();
});

test("a second applicant gets nothing from the first one's applNo, through the page or the API", async () => {
  // the owner's application, made here: this test needs no other test's state
  const ownerId = freshApplicant('own').userId;
  const owner = await newPage(browser, { locale: 'ko' });
  await login(owner, ownerId);
  const theirs = await createApplication(owner, { korName: '홍길동' });
  await owner.context().close();

  const page = await newPage(browser, { locale: 'ko' });
  await login(page, freshApplicant('other').userId);

  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) };
  const gets = ['info', 'part', 'basis', 'acad', 'lang', 'career', 'add-info', 'pay/info', 'draft/' + theirs + '/SURVEY']
    .map((p) => (p.startsWith('draft/') ? `/apply/api-auth/appl/${p}` : `/apply/api-auth/appl/${p}/${theirs}`));
  gets.push(`/apply/api-auth/survey/${theirs}`, `/apply/api-auth/appl/mode/${theirs}?type=view`);
  for (const url of gets) {
    const r = await page.request.get(url);
    assert.equal(r.status(), 404, `${url} answers 404`);
    const text = await r.text();
    assert.ok(!text.includes('홍길동') && !text.includes('applicantInfo') && !text.includes('acadList'), `${url} leaks nothing`);
  }
  const writes = [
    ['post', `/apply/api-auth/appl/basis/${theirs}`, { applicantInfo: { korName: '침입자' } }],
    ['post', `/apply/api-auth/appl/career/${theirs}`, { careerList: [] }],
    ['put', `/apply/api-auth/appl/draft/${theirs}/BASIS_SAVE`, { x: 1 }],
    ['post', `/apply/api-auth/appl/cancel/${theirs}`, {}],
  ];
  for (const [method, url, data] of writes) {
    const r = await page.request[method](url, { data, headers });
    assert.equal(r.status(), 404, `${method} ${url} answers 404`);
  }
  const mine = await (await page.request.get('/apply/api-auth/appl/list')).json();
  assert.ok(mine.every((a) => a.applNo !== theirs), "the other's application is not in my list");

  // through the page: a typed URL has no access key...
  await page.goto(`/appl/review/${theirs}`);
  await page.getByTestId('toast').filter({ hasText: '잘못된 접근' }).waitFor({ timeout: T });
  await page.waitForURL('**/list');
  // ...and even with the key forged into router state the server answers not-found, no data
  await page.evaluate((applNo) => {
    const key = sessionStorage.getItem('gradapply.accessKey');
    history.replaceState({ usr: { applNo, mode: 'edit', accessKey: key }, key: 'forged', idx: 0 }, '', '/appl/form?step=BASIS_SAVE');
  }, theirs);
  await page.reload();
  await page.getByTestId('appl-not-found').waitFor({ timeout: T });
  const body = await page.locator('body').innerText();
  assert.ok(!body.includes('홍길동') && !body.includes('이화여자대학교'), 'the page shows none of the application');
  await page.context().close();

  // the owner still finds the application untouched
  const again = await newPage(browser, { locale: 'ko' });
  await login(again, ownerId);
  const basis = await (await again.request.get(`/apply/api-auth/appl/basis/${theirs}`)).json();
  assert.equal(basis.applicantInfo.korName, '홍길동');
  assert.notEqual(basis.status, 'CANCEL');
  await again.context().close();
});

void baseURL;
