// Issue 23 item 2, the officers' evaluation in the admin app: two
// applications of school 236's round are filled, submitted and paid by card
// through the real flow (COMPLETE, no SQL sets a state); the school admin
// sets a rubric (a bad key refused at its field), assigns reviewer236a by
// hand, then both reviewers evenly, withdraws and gives one again; each
// reviewer signs in to /sysadmin, scores and submits (reviewer236a in
// English, the rest in Korean), and sees the other's sheet only after its
// own is submitted; the score table shows both totals, the mean and the
// spread and downloads as CSV; reviewerarts sees nothing of 236's round.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, call, freshApplicant, login, axeViolations, applyThroughAPI, payByCardOnList } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
const shots = process.env.E2E_SHOTS;
const shot = async (page, name) => { if (shots) await page.screenshot({ path: `${shots}/evaluation-${name}.png`, fullPage: true }); };

/** A completed application of a fresh applicant of its own. */
async function completeApplication(prefix, korName, essay) {
  const who = freshApplicant(prefix);
  const page = await newPage(browser, { locale: 'ko' });
  await login(page, who.userId);
  const { applNo, year } = await applyThroughAPI(page, { korName, essay });
  const { applId } = await payByCardOnList(page, applNo);
  await page.context().close();
  return { applNo, applId, year, korName };
}

async function signedIn(userId, locale) {
  const page = await newPage(browser, { locale });
  await login(page, userId);
  return page;
}

/** The school admin's evaluation page on 236's round, one tab open. */
async function evaluationTab(admin, roundId, tab) {
  await admin.goto('/sysadmin/evaluation');
  await admin.getByTestId('evaluation-page').waitFor({ timeout: T });
  const round = admin.getByTestId('eval-round');
  await round.locator(`option[value="${roundId}"]`).waitFor({ state: 'attached', timeout: T });
  await round.selectOption(roundId);
  await admin.getByTestId(`eval-tab-${tab}`).click();
}

/** Scores one assigned application as the signed-in reviewer and submits it (the dialog asks first). */
async function score(page, applNo, scores, t) {
  await page.goto('/sysadmin/evaluation/mine');
  await page.getByTestId(`review-open-${applNo}`).click();
  await page.getByTestId('sheet-form').waitFor({ timeout: T });
  for (const [key, v] of Object.entries(scores)) await page.getByTestId(`score-input-${key}`).fill(String(v));
  await page.getByTestId('score-comment').fill(t.comment);
  await page.getByTestId('sheet-save').click();
  await page.getByText(t.saved).first().waitFor({ timeout: T });
  await page.getByTestId('sheet-submit').click();
  await page.getByRole('dialog').getByRole('button', { name: t.submit }).click();
  await page.getByTestId('own-sheet').waitFor({ timeout: T });
}

test('evaluation: rubric, assignment by hand and evenly, two reviewers score, the score table; another school sees nothing', async () => {
  const a = await completeApplication('evala', '김하늘', 'I grew up in Seoul and studied politics.');
  const b = await completeApplication('evalb', '이바다', 'I worked for a trading firm for five years.');
  const roundId = `236-${a.year}-1`;

  // The school admin (ko): the rubric, a bad key refused at its field first.
  const admin = await signedIn('schooladmin', 'ko');
  await admin.goto('/sysadmin/');
  await admin.getByTestId('menu-evaluation').click();
  await evaluationTab(admin, roundId, 'rubric');
  const editor = admin.getByTestId('rubric-editor');
  await editor.waitFor({ timeout: T });
  await admin.locator('input[name="criteria.0.key"]').fill('Bad Key');
  await admin.locator('input[name="criteria.0.nameKo"]').fill('연구 역량');
  await admin.locator('input[name="criteria.0.nameEn"]').fill('Research');
  await admin.locator('input[name="criteria.0.weight"]').fill('3');
  await admin.locator('input[name="criteria.0.min"]').fill('0');
  await admin.locator('input[name="criteria.0.max"]').fill('10');
  await admin.locator('.button-add').click();
  await admin.locator('input[name="criteria.1.key"]').fill('fit');
  await admin.locator('input[name="criteria.1.nameKo"]').fill('전공 적합성');
  await admin.locator('input[name="criteria.1.nameEn"]').fill('Fit');
  await admin.locator('input[name="criteria.1.weight"]').fill('1');
  await admin.locator('input[name="criteria.1.min"]').fill('1');
  await admin.locator('input[name="criteria.1.max"]').fill('5');
  await admin.getByTestId('rubric-save').click();
  // The server's message at the key's field.
  await editor.getByText('항목 키는 영문 소문자, 숫자, _로 겹치지 않게 입력해 주세요.').waitFor({ timeout: T });
  await shot(admin, 'rubric-error');
  await admin.locator('input[name="criteria.0.key"]').fill('research');
  const saved = admin.waitForResponse((r) => r.url().endsWith(`/eval-rounds/${roundId}/rubric`) && r.request().method() === 'PUT', { timeout: T });
  await admin.getByTestId('rubric-save').click();
  assert.equal((await saved).status(), 200, 'the rubric is saved');

  // By hand: reviewer236a, chosen by name, on the first application.
  await admin.getByTestId('eval-tab-assign').click();
  await admin.getByTestId(`assign-row-${a.applNo}`).waitFor({ timeout: T });
  assert.match(await admin.getByTestId(`assign-row-${a.applNo}`).innerText(), new RegExp(a.applId));
  await admin.getByTestId(`assign-pick-${a.applNo}`).selectOption('reviewer236a');
  await admin.getByTestId(`assign-${a.applNo}`).click();
  await admin.getByTestId(`assigned-${a.applNo}-reviewer236a`).waitFor({ timeout: T });
  // Evenly: both reviewers on every completed application.
  await admin.getByTestId('even-reviewer-reviewer236a').waitFor({ timeout: T });
  assert.ok(await admin.getByTestId('even-reviewer-reviewer236b').isChecked());
  await admin.getByTestId('even-per').fill('2');
  await admin.getByTestId('even-assign').click();
  for (const n of [a.applNo, b.applNo]) {
    for (const r of ['reviewer236a', 'reviewer236b']) await admin.getByTestId(`assigned-${n}-${r}`).waitFor({ timeout: T });
  }
  // Withdrawn, then given again by hand.
  await admin.getByTestId(`unassign-${b.applNo}-reviewer236b`).click();
  await admin.getByTestId(`assigned-${b.applNo}-reviewer236b`).waitFor({ state: 'detached', timeout: T });
  await admin.getByTestId(`assign-pick-${b.applNo}`).selectOption('reviewer236b');
  await admin.getByTestId(`assign-${b.applNo}`).click();
  await admin.getByTestId(`assigned-${b.applNo}-reviewer236b`).waitFor({ timeout: T });

  await shot(admin, 'assign');
  assert.deepEqual(await axeViolations(admin), [], 'the assignment tab is axe-clean');

  // reviewer236a scores in English: a score out of range is named before anything is sent.
  const en = { comment: 'Clear research plan.', saved: 'Draft saved.', submit: 'Submit' };
  const ra = await signedIn('reviewer236a', 'en');
  await ra.goto('/sysadmin/');
  await ra.getByTestId('menu-evaluation-mine').click();
  await ra.getByTestId(`review-row-${a.applNo}`).waitFor({ timeout: T });
  assert.match(await ra.getByTestId(`review-row-${a.applNo}`).innerText(), /Draft/);
  assert.equal(await ra.getByTestId('menu-evaluation').count(), 0, 'a reviewer has no staff evaluation page');
  await ra.getByTestId(`review-open-${a.applNo}`).click();
  await ra.getByTestId('review-application').getByText('I grew up in Seoul and studied politics.').waitFor({ timeout: T });
  const summary = await ra.getByTestId('review-application').innerText();
  assert.ok(!summary.includes('00001'), `language exams by name, never their code: ${summary}`);
  // The whole application as the reader shows it, in English, without what a reviewer does not read.
  const reader = ra.getByTestId('review-reader');
  await reader.getByTestId('reader-section-basic-information').waitFor({ timeout: T });
  const read = await reader.innerText();
  assert.match(read, /Korea/, 'the nationality by name');
  assert.ok(!read.includes('haneul@example.com') && !/Consents/.test(read), 'no e-mail, no consents for a reviewer');
  await ra.getByTestId('score-input-fit').fill('6');
  await ra.getByText('Enter a whole number from 1 to 5.').waitFor({ timeout: T });
  assert.ok(await ra.getByTestId('sheet-submit').isDisabled(), 'no submit with a score out of range');
  await shot(ra, 'sheet-en');
  assert.deepEqual(await axeViolations(ra), [], 'the sheet is axe-clean');
  await score(ra, a.applNo, { research: 10, fit: 5 }, en);
  await ra.getByText('No other reviewer has submitted yet.').waitFor({ timeout: T });
  await score(ra, b.applNo, { research: 5, fit: 3 }, en);
  await ra.goto('/sysadmin/evaluation/mine');
  await ra.getByTestId(`review-row-${b.applNo}`).getByText('Submitted').waitFor({ timeout: T });

  // reviewer236b (ko) sees a's sheet only once its own is submitted.
  const ko = { comment: '연구 계획이 분명합니다.', saved: '임시 저장했습니다.', submit: '제출' };
  const rb = await signedIn('reviewer236b', 'ko');
  await rb.goto(`/sysadmin/evaluation/mine/${a.applNo}`);
  await rb.getByTestId('sheet-form').waitFor({ timeout: T });
  await rb.getByText('다른 평가위원의 평가는 내 평가를 제출한 뒤에 볼 수 있습니다.').waitFor({ timeout: T });
  assert.equal(await rb.getByTestId('other-sheet-reviewer236a').count(), 0);
  await score(rb, a.applNo, { research: 8, fit: 5 }, ko);
  const other = rb.getByTestId('other-sheet-reviewer236a');
  await other.waitFor({ timeout: T });
  assert.match(await other.innerText(), /100\.00/);
  await shot(rb, 'others-ko');
  await score(rb, b.applNo, { research: 0, fit: 1 }, ko);

  // The score table: a = 100 and 85 (mean 92.50, spread 15.00), b = 50 and 0 (25.00, 50.00); highest mean first.
  await evaluationTab(admin, roundId, 'scores');
  await admin.getByTestId(`score-row-${a.applNo}`).waitFor({ timeout: T });
  assert.equal((await admin.getByTestId(`score-${a.applNo}-reviewer236a`).innerText()).trim(), '100.00');
  assert.equal((await admin.getByTestId(`score-${a.applNo}-reviewer236b`).innerText()).trim(), '85.00');
  assert.equal((await admin.getByTestId(`score-mean-${a.applNo}`).innerText()).trim(), '92.50');
  assert.equal((await admin.getByTestId(`score-spread-${a.applNo}`).innerText()).trim(), '15.00');
  assert.equal((await admin.getByTestId(`score-mean-${b.applNo}`).innerText()).trim(), '25.00');
  assert.equal((await admin.getByTestId(`score-spread-${b.applNo}`).innerText()).trim(), '50.00');
  assert.equal((await admin.getByTestId(`score-missing-${a.applNo}`).innerText()).trim(), '', 'everyone submitted');
  const order = async () => (await admin.locator('[data-testid^="score-row-"]').evaluateAll((rows) => rows.map((r) => r.dataset.testid)));
  assert.deepEqual((await order()).filter((id) => [`score-row-${a.applNo}`, `score-row-${b.applNo}`].includes(id)), [`score-row-${a.applNo}`, `score-row-${b.applNo}`]);
  await admin.getByTestId('sort-mean').click(); // lowest mean first
  await admin.waitForResponse((r) => r.url().includes('/scores?') && decodeURIComponent(r.url()).includes('"mean","ASC"'), { timeout: T }).catch(() => {});
  for (const until = Date.now() + T; Date.now() < until; await admin.waitForTimeout(200)) {
    const ids = (await order()).filter((id) => [`score-row-${a.applNo}`, `score-row-${b.applNo}`].includes(id));
    if (ids[0] === `score-row-${b.applNo}`) break;
  }
  assert.deepEqual((await order()).filter((id) => [`score-row-${a.applNo}`, `score-row-${b.applNo}`].includes(id)), [`score-row-${b.applNo}`, `score-row-${a.applNo}`]);
  await shot(admin, 'scores');
  assert.deepEqual(await axeViolations(admin), [], 'the score table is axe-clean');
  const [download] = await Promise.all([admin.waitForEvent('download', { timeout: T }), admin.getByTestId('scores-export-csv').click()]);
  const csv = readFileSync(await download.path(), 'utf8');
  assert.match(csv, /92\.50/);
  assert.ok(csv.includes(a.applId) && csv.includes('수험번호'), 'the CSV has the exam numbers, headed in Korean');
  // The rubric is locked now.
  await admin.getByTestId('eval-tab-rubric').click();
  await admin.getByTestId('rubric-locked').waitFor({ timeout: T });
  await shot(admin, 'rubric-locked');

  // reviewerarts (ARTS01) sees nothing of 236's round.
  const arts = await signedIn('reviewerarts', 'ko');
  await arts.goto('/sysadmin/evaluation/mine');
  await arts.getByText('배정된 지원서가 없습니다.').waitFor({ timeout: T });
  assert.equal(await arts.getByTestId('menu-evaluation').count(), 0);
  await arts.goto(`/sysadmin/evaluation/mine/${a.applNo}`);
  await arts.getByText('배정된 평가를 찾을 수 없습니다.').waitFor({ timeout: T });
  assert.equal((await call(arts, 'GET', `/apply/api-auth/admin/reviews/${a.applNo}`)).status, 404);
  assert.equal((await call(arts, 'GET', `/apply/api-auth/admin/reviews/${a.applNo}/sheets`)).status, 404);
  assert.equal((await call(arts, 'GET', `/apply/api-auth/admin/eval-rounds/${roundId}/scores`)).status, 403);
  for (const p of [admin, ra, rb, arts]) await p.context().close();
});
