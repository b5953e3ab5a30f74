// Issues 12 and 14, as a school officer and an applicant meet surveys: a
// school admin publishes a survey for the applicants of school 236; an
// applicant of 236 answers it on a phone and cannot answer it again (the
// page says so and the server refuses a second answer); the admin sees the
// result; a school admin edits a question of the application survey and the
// applicant's SURVEY step shows it. Each page in Korean and English passes axe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, login, call, sql, freshApplicant, createPart, roundYear, day, typeDay, axeViolations as violations } from './helpers.mjs';

const T = 30_000;
let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function noHorizontalScroll(page, what) {
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(sw <= cw, `${what}: no horizontal scroll at 375 px (${sw} > ${cw})`);
}

/** Picks an option of the select labelled label. */
async function pick(page, label, optionName) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: optionName, exact: true }).click();
}

let surveyId;
const applicant = { userId: '', applNo: 0 };

for (const locale of ['ko', 'en']) {
  const L = locale === 'ko'
    ? { add: '추가', save: '저장', title: '지원 만족도 조사', titleEn: 'Application satisfaction', answer: '설문 응답하기', submit: '응답 보내기', thanks: '감사합니다', count: '응답 1건' }
    : { add: 'Add', save: 'Save', title: 'Application satisfaction', titleEn: 'Application satisfaction', answer: 'Answer the survey', submit: 'Send my answers', thanks: 'Thank you', count: '1 responses' };

  test(`${locale}: a school admin publishes a survey for the applicants of 236; an applicant answers it once on a phone; the admin sees the result`, async () => {
    const { userId } = freshApplicant(`sv${locale}`);
    applicant.userId = userId;
    const admin = await newPage(browser, { locale });
    await login(admin, 'schooladmin');
    await admin.goto('/sysadmin/surveys/create');
    await admin.locator('input[name="titleKo"]').waitFor({ timeout: T });
    assert.deepEqual(await violations(admin), [], 'axe on the new survey page');
    await admin.locator('input[name="titleKo"]').fill('지원 만족도 조사');
    await admin.locator('input[name="titleEn"]').fill(L.titleEn);
    await typeDay(admin, 'startDay', day(0));
    await typeDay(admin, 'endDay', day(30));
    // one radio question with two items, the second with a comment box
    await admin.getByRole('button', { name: L.add }).first().click();
    await admin.locator('input[name="questions.0.questionCode"]').fill('q1');
    await pick(admin, locale === 'ko' ? '입력 유형' : 'Input type', locale === 'ko' ? '하나 선택' : 'One choice');
    await admin.locator('textarea[name="questions.0.korText"]').fill('지원 과정이 편리했습니까?');
    await admin.locator('textarea[name="questions.0.engText"]').fill('Was applying easy?');
    const items = admin.locator('.ra-input-questions\\.0\\.items');
    for (const [i, [code, ko, en]] of [['y', '예', 'Yes'], ['n', '아니오', 'No']].entries()) {
      await items.getByRole('button', { name: L.add }).last().click();
      await admin.locator(`input[name="questions.0.items.${i}.itemCode"]`).fill(code);
      await admin.locator(`input[name="questions.0.items.${i}.korValue"]`).fill(ko);
      await admin.locator(`input[name="questions.0.items.${i}.engValue"]`).fill(en);
    }
    await admin.locator('input[name="questions.0.items.1.hasComment"]').check();
    const saved = admin.waitForResponse((r) => r.url().endsWith('/admin/surveys') && r.request().method() === 'POST');
    await admin.getByRole('button', { name: L.save }).click();
    const res = await saved;
    assert.equal(res.status(), 201, await res.text());
    surveyId = (await res.json()).id;
    assert.equal((await res.json()).schoolCode, '236');
    await admin.waitForURL('**/sysadmin/surveys');
    await admin.getByText(L.title, { exact: true }).first().waitFor({ timeout: T });
    assert.deepEqual(await violations(admin), [], 'axe on the survey list');

    // An applicant of 236, on a phone.
    const phone = await newPage(browser, { locale, mobile: true });
    await login(phone, userId);
    applicant.applNo = await createPart(phone, '236', 'DC01');
    await phone.goto('/survey');
    const card = phone.getByTestId(`survey-${surveyId}`);
    await card.waitFor({ timeout: T });
    assert.match(await card.innerText(), new RegExp(L.title));
    await card.getByRole('button', { name: L.answer }).click();
    await phone.getByTestId('answers.q1.n').check();
    await phone.getByTestId('answers.q1.comment.n').fill('모바일에서 글자가 작아요');
    assert.deepEqual(await violations(phone), [], 'axe on /survey (phone)');
    await noHorizontalScroll(phone, '/survey');
    await phone.getByRole('button', { name: L.submit }).click();
    await card.getByTestId('survey-answered').waitFor({ timeout: T });
    assert.match(await card.getByTestId('survey-answered').innerText(), new RegExp(L.thanks));
    // Again: the page offers no form, and the server refuses a second answer.
    await phone.reload();
    await card.getByTestId('survey-answered').waitFor({ timeout: T });
    assert.equal(await card.getByRole('button', { name: L.answer }).count(), 0);
    const again = await call(phone, 'POST', `/apply/api-auth/surveys/${surveyId}/answers`, { answers: [{ questionCode: 'q1', itemCode: 'y' }] });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'survey.answered');
    await phone.context().close();

    // The admin's result: one response, for "No", with the comment.
    await admin.goto(`/sysadmin/surveys/${surveyId}/results`);
    await admin.getByTestId('survey-total').filter({ hasText: L.count }).waitFor({ timeout: T });
    const q1 = admin.getByTestId('result-q1');
    const noRow = q1.getByRole('row').filter({ hasText: locale === 'ko' ? '아니오' : 'No' });
    assert.match(await noRow.innerText(), /모바일에서 글자가 작아요[\s\S]*1/);
    assert.deepEqual(await violations(admin), [], 'axe on the results');
    const csv = await admin.request.get(`/apply/api-auth/admin/surveys/${surveyId}/export`);
    assert.equal(csv.status(), 200);
    assert.match(await csv.text(), /모바일에서 글자가 작아요/);
    assert.equal(sql(`SELECT count(*) FROM audit_log WHERE action = 'survey.export' AND target = 'survey:${surveyId}'`), '1');
    await admin.context().close();
  });

  test(`${locale}: a school admin edits a question of the application survey; the applicant's SURVEY step shows it`, async () => {
    const admin = await newPage(browser, { locale });
    await login(admin, 'schooladmin');
    await admin.goto('/sysadmin/survey/questions');
    const eng = admin.locator('textarea[name="questions.0.engText"]');
    await eng.waitFor({ timeout: T });
    assert.deepEqual(await violations(admin), [], 'axe on the survey questions page');
    const text = `How did you hear about us? (${locale})`;
    await eng.fill(text);
    await admin.locator('textarea[name="questions.0.korText"]').fill(`어떻게 알게 되셨나요? (${locale})`);
    const saved = admin.waitForResponse((r) => r.url().includes('/survey-questions/SURVEY') && r.request().method() === 'PUT');
    await admin.getByRole('button', { name: L.save }).click();
    assert.equal((await saved).status(), 200);
    await admin.context().close();

    // The applicant of the test above opens the SURVEY step of their 236 application.
    sql(`UPDATE application SET status = 'FILE_SAVE' WHERE appl_no = ${applicant.applNo}`);
    const page = await newPage(browser, { locale, mobile: true });
    await login(page, applicant.userId);
    await page.goto('/list');
    const row = page.getByTestId(`appl-row-${applicant.applNo}`);
    await row.waitFor({ timeout: T });
    await page.evaluate((applNo) => {
      const key = sessionStorage.getItem('gradapply.accessKey');
      history.replaceState({ usr: { applNo, mode: 'edit', accessKey: key }, key: 'survey', idx: 0 }, '', '/appl/form?step=SURVEY');
    }, applicant.applNo);
    await page.reload();
    await page.getByTestId('step-form-SURVEY').waitFor({ timeout: T });
    const shown = locale === 'ko' ? `어떻게 알게 되셨나요? (${locale})` : text;
    await page.getByTestId('section-survey').getByText(shown).waitFor({ timeout: T });
    await page.context().close();
  });

  test(`${locale}: after completion the applicant is led to the round's completion survey at /appl/survey, may answer it or skip it`, async () => {
    const admin = await newPage(browser, { locale });
    await login(admin, 'schooladmin');
    const year = await roundYear('236');
    // The demo data gives the round its completion survey (issue 23 item 8); a round has
    // one, so a second is refused with the field named.
    const body = { titleKo: `접수 완료 설문 ${locale}`, titleEn: `Completion survey ${locale}`, startDay: day(0), endDay: day(10),
      audience: 'ROUND', enterYear: year, recruitPartSeq: 1, completion: true,
      questions: [{ questionCode: 'c1', inputType: 'text', korText: '한 말씀 부탁드립니다', engText: 'Anything to tell us?', required: true }] };
    const made = await call(admin, 'POST', '/apply/api-auth/admin/surveys', body);
    assert.equal(made.status, 400, JSON.stringify(made.body));
    await admin.context().close();

    sql(`UPDATE application SET status = 'COMPLETE', appl_id = 'S${locale}-0001' WHERE appl_no = ${applicant.applNo}`);
    const page = await newPage(browser, { locale, mobile: true });
    await login(page, applicant.userId);
    await page.goto('/list');
    await page.getByTestId(`appl-row-${applicant.applNo}`).waitFor({ timeout: T });
    await page.evaluate((applNo) => {
      const key = sessionStorage.getItem('gradapply.accessKey');
      history.replaceState({ usr: { applNo, accessKey: key }, key: 'done', idx: 0 }, '', '/appl/none');
    }, applicant.applNo);
    await page.reload();
    await page.getByTestId('completion-survey-link').click();
    await page.waitForURL('**/appl/survey');
    await page.getByTestId('appl-survey-page').getByText(locale === 'ko' ? '원서 접수 완료 설문' : 'After you applied').waitFor({ timeout: T });
    assert.deepEqual(await violations(page), [], 'axe on /appl/survey (phone)');
    await noHorizontalScroll(page, '/appl/survey');
    // A required question left empty is refused at the question; then the answer is taken.
    await page.getByRole('button', { name: L.submit }).click();
    await page.getByTestId('answers.route-helper').waitFor({ timeout: T });
    await page.getByTestId('answers.route.web').check();
    await page.getByTestId('answers.why').fill(locale === 'ko' ? '커리큘럼이 좋아서' : 'The curriculum');
    await page.getByRole('button', { name: L.submit }).click();
    await page.getByTestId('survey-answered').waitFor({ timeout: T });
    await page.getByTestId('appl-survey-skip').click();
    await page.waitForURL('**/list');
    await page.context().close();
  });
}
