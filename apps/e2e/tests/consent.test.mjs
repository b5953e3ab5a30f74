// Consent versions (issue 14 item 8), a round's own step list (issue 12
// item 1) and support's cancel of an opened letter request (issue 11), as
// people meet them: an applicant reads a school's consent texts, dated,
// stating the right to refuse, and opens their earlier versions from the
// consent page (ko and en, desktop and phone, axe); a school admin gives a
// round its own step list in the round form and the applicant's form shows
// that list; a system admin cancels a request the recommender has opened,
// whose link then says the request does not exist.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, newPage, login, call, freshApplicant, roundYear, createPart, sql, mailTo } from './helpers.mjs';

const T = 30_000;
let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function axe(page, what) {
  await page.waitForLoadState('networkidle').catch(() => {});
  const r = await new AxeBuilder({ page }).analyze();
  assert.deepEqual(r.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), [], `axe on ${what}`);
}

const noSideScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/** A yyyy-MM-dd day n days from today in Seoul. */
const day = (n) => new Date(Date.now() + 9 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);

test('ko, desktop: the consent page states the right to refuse and links to the earlier versions, dated', async () => {
  const page = await newPage(browser);
  const { userId } = freshApplicant('cons');
  await login(page, userId);
  const year = await roundYear('SCL00001');
  await page.goto('/');
  await page.getByTestId('start-application').click();
  await page.getByTestId('round-picker').waitFor({ timeout: T });
  await page.getByTestId('round-school').selectOption('SCL00001');
  await page.getByTestId(`round-apply-${year}-1`).click();
  const form = page.getByTestId('consent-form');
  await form.waitFor({ timeout: T });
  const personal = await page.getByTestId('consent-body-consent.personal_info').innerText();
  assert.match(personal, /동의를 거부할 권리/);
  assert.match(personal, /원서를 제출할 수 없습니다/);
  assert.match(await page.getByTestId('consent-item-consent.personal_info').innerText(), /최종 수정일 2023-08-23/);

  // The earlier versions open in a new window: the form keeps its state.
  await page.getByTestId('consent-consent.personal_info').check();
  const [versions] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('consent-history').click()]);
  await versions.getByTestId('consent-versions-page').waitFor({ timeout: T });
  const text = versions.getByTestId('consent-text-consent.personal_info');
  await text.waitFor({ timeout: T });
  assert.match(await text.innerText(), /동의를 거부할 권리/);
  assert.equal(await versions.getByTestId('consent-version-consent.personal_info').inputValue(), '2023-08-23');
  await versions.getByTestId('consent-versions-consent.personal_info').getByRole('combobox').click();
  await versions.getByRole('option', { name: '2021-09-01 시행 (이전)' }).click();
  await versions.waitForFunction(() => document.querySelector('[data-testid="consent-text-consent.personal_info"]')?.textContent?.startsWith('수집 항목: 성명'));
  assert.doesNotMatch(await text.innerText(), /거부할 권리/);
  await axe(versions, '/consent/versions (ko)');
  assert.ok(await page.getByTestId('consent-consent.personal_info').isChecked(), 'the consent form kept its state');
  await page.context().close();
});

test('en, phone: the earlier versions page in English, no sideways scroll, axe', async () => {
  const page = await newPage(browser, { locale: 'en', mobile: true });
  const year = await roundYear('236');
  await page.goto(`/consent/versions?schoolCode=236&enterYear=${year}&partSeq=1`);
  const text = page.getByTestId('consent-text-consent.unique_id');
  await text.waitFor({ timeout: T });
  assert.match(await text.innerText(), /you may refuse this consent/);
  assert.match(await text.innerText(), /cannot be submitted/);
  assert.equal(await page.getByTestId('consent-version-consent.unique_id').inputValue(), '2022-03-29');
  await page.getByTestId('consent-versions-consent.unique_id').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Earlier version of 2020-02-14' }).click();
  await page.waitForFunction(() => !document.querySelector('[data-testid="consent-text-consent.unique_id"]')?.textContent?.includes('you may refuse'));
  assert.ok(await noSideScroll(page), 'no sideways scroll at 375 px');
  await axe(page, '/consent/versions (en, phone)');
  await page.context().close();
});

test('a school admin gives a round its own step list; the applicant\'s form shows that list', async () => {
  const SEQ = 21;
  const admin = await newPage(browser);
  await login(admin, 'schooladmin');
  const year = await roundYear('236');
  const created = await call(admin, 'POST', '/apply/api-auth/admin/recruit-parts', {
    schoolCode: '236', enterYear: year, recruitPartSeq: SEQ, korName: '단계 시험 전형', engName: 'Steps test round',
    feeKrw: 0, feeUsd: 0, payTypes: ['free'], applIdRule: 'T{SEQ:3}',
    windows: [{ type: 'SUBMIT', startDay: day(1), endDay: day(20) }, { type: 'COMPLETE', startDay: day(1), endDay: day(21) }],
    parts: [{ majorCode: 'IS01', isMaster: true }],
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = `236-${year}-${SEQ}`;
  await admin.goto(`/sysadmin/recruit-parts/${encodeURIComponent(id)}`);
  await admin.getByRole('tab', { name: '단계' }).click();
  await admin.getByLabel('이 전형만의 단계 목록 사용').check();
  const career = admin.getByRole('checkbox', { name: '경력' });
  await career.waitFor({ timeout: T });
  assert.ok(await career.isChecked(), 'the own list starts from the school\'s');
  assert.ok(await admin.getByRole('checkbox', { name: '제출 서류' }).isDisabled(), 'the documents step stays');
  await career.uncheck();
  await admin.getByRole('checkbox', { name: '추가 정보' }).uncheck();
  const saved = admin.waitForResponse((r) => r.url().includes('/admin/recruit-parts/') && r.request().method() === 'PUT');
  await admin.getByRole('button', { name: '저장' }).click();
  assert.equal((await saved).status(), 200);
  const stored = await call(admin, 'GET', `/apply/api-auth/admin/recruit-parts/${encodeURIComponent(id)}`);
  assert.deepEqual(stored.body.steps, ['BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'FILE_SAVE', 'SURVEY']);
  await admin.context().close();

  sql(`UPDATE recruit_window SET starts_at = now() - interval '1 hour' WHERE school_code = '236' AND recruit_part_seq = ${SEQ}`);
  const page = await newPage(browser);
  const { userId } = freshApplicant('steps');
  await login(page, userId);
  let round;
  for (let i = 0; i < 40; i++) { // the round reference data is cached for a short while
    round = (await call(page, 'GET', `/apply/api/recruit?schoolCode=236&enterYear=${year}&partSeq=${SEQ}`)).body;
    if (round.submitOpen) break;
    await page.waitForTimeout(500);
  }
  assert.deepEqual(round.steps, ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'FILE_SAVE', 'SURVEY']);
  const part = await call(page, 'POST', '/apply/api-auth/appl/part', {
    applPartRequestList: [{ schoolCode: '236', enterYear: year, recruitPartSeq: SEQ, majorCode: 'IS01', isMaster: true,
      isGeneralType: true, stayTypeCode: '00001', categoryCode: round.categories[0].code }],
    consents: Object.fromEntries(round.consents.map((c) => [c.code, c.version])),
    ...(round.partSurvey?.length ? { surveyRequest: { answers: [{ questionCode: 'p1', itemCode: '01', inputType: 'radio' }] } } : {}),
  });
  assert.equal(part.status, 201, JSON.stringify(part.body));
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${part.body.applNo}`);
  await row.waitFor({ timeout: T });
  await row.getByTestId('appl-action-edit').click();
  await page.getByTestId('form-stepper').waitFor({ timeout: T });
  await page.getByTestId('form-step-FILE_SAVE').first().waitFor({ timeout: T });
  assert.equal(await page.getByTestId('form-step-CAREER_SAVE').count(), 0, 'no career step');
  assert.equal(await page.getByTestId('form-step-ADD_INFO_SAVE').count(), 0, 'no additional information step');
  assert.equal(await page.getByTestId('form-step-SURVEY').count() > 0, true, 'the survey step stays');
  await page.context().close();
});

test('a system admin cancels a request the recommender has opened, with a reason; the link then says the request does not exist', async () => {
  const page = await newPage(browser);
  const { userId } = freshApplicant('lettr');
  await login(page, userId);
  const applNo = await createPart(page, '236', 'DC01');
  const email = `prof-${userId}@example.com`;
  const made = await call(page, 'POST', `/apply/api-auth/appl/recommend/${applNo}`,
    { profName: '이재원', email, institution: '한국대학교', position: '교수', locale: 'ko' });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const body = await mailTo(email, '/recommend/');
  const link = body.match(/https?:\/\/\S+\/recommend\/([A-Za-z0-9_-]{43})/);
  assert.ok(link, 'the request mail carries the key link');
  const recommender = await newPage(browser);
  await recommender.goto(`/recommend/form/${link[1]}`);
  await recommender.waitForLoadState('networkidle');
  const mine = await call(page, 'GET', `/apply/api-auth/appl/recommend/${applNo}`);
  assert.equal(mine.body.list[0].status, '00020', 'opened');
  await page.context().close();

  const admin = await newPage(browser);
  await login(admin, 'sysadmin');
  await admin.goto('/sysadmin/recommend/template');
  await admin.getByTestId('letters-appl-no').fill(String(applNo));
  await admin.getByTestId('letters-load').click();
  const cancel = admin.getByTestId(`letter-cancel-${made.body.reqNo}`);
  await cancel.click();
  await admin.getByTestId('letter-cancel-confirm').click();
  await admin.getByText('필수 항목입니다.').waitFor({ timeout: T });
  await admin.getByTestId('letter-cancel-reason').fill('지원자가 다른 추천인에게 요청하기로 했습니다.');
  await axe(admin, 'the cancel dialog');
  const done = admin.waitForResponse((r) => r.url().includes('/admin/recommend/cancel/'));
  await admin.getByTestId('letter-cancel-confirm').click();
  assert.equal((await done).status(), 200);
  await admin.getByTestId(`letter-cancel-${made.body.reqNo}`).waitFor({ state: 'detached', timeout: T });
  await admin.context().close();

  const mail = await mailTo(email, '취소 사유');
  assert.match(mail, /지원자가 다른 추천인에게 요청하기로 했습니다/);
  await recommender.goto(`/recommend/${link[1]}`);
  await recommender.getByText('추천서 요청이 없습니다.').first().waitFor({ timeout: T });
  await recommender.context().close();
});
