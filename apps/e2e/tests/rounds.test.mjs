// Issue 12, as a school officer and an applicant meet it: a school admin
// sets up a round of their own school in the back office (windows, fees,
// two document items, a consent item, an exam-number rule), is refused a
// start day that is not after today at the field, checks the rule, opens
// the round info page; an applicant applies to the round and accepts its
// consent; the officer edits the consent text and the applicant's
// application keeps showing the version accepted; another school's admin cannot
// see the round.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { launch, newPage, login, call, day, typeDay } from './helpers.mjs';

const T = 30_000;
let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function tab(page, name) {
  await page.getByRole('tab', { name }).click();
}

async function fillName(page, name, value) {
  await page.locator(`[name="${name}"]`).fill(value);
}

const SEQ = 6;
let roundId;
let applNo;

test('a school admin creates a round of their school; a start day not after today is refused at the field', async () => {
  const page = await newPage(browser);
  await login(page, 'schooladmin');
  await page.goto('/sysadmin/recruit-part/create');
  await page.waitForURL('**/sysadmin/recruit-parts/create');
  // Basic: the school list holds the admin's school only.
  await page.getByLabel('학교').click();
  const options = page.getByRole('option');
  await options.first().waitFor({ timeout: T });
  assert.equal(await options.count(), 1);
  await options.first().click();
  await fillName(page, 'recruitPartSeq', String(SEQ));
  await fillName(page, 'korName', '후기 특별전형');
  await fillName(page, 'engName', 'Fall special admission');

  await tab(page, '기간');
  await typeDay(page, 'windows.SUBMIT.startDay', day(0));
  await typeDay(page, 'windows.SUBMIT.endDay', day(20));
  await typeDay(page, 'windows.COMPLETE.startDay', day(1));
  await typeDay(page, 'windows.COMPLETE.endDay', day(21));

  await tab(page, '전형료');
  await fillName(page, 'feeKrw', '80000');
  await fillName(page, 'feeUsd', '70');

  await tab(page, '전공과 과정');
  await fillName(page, 'parts.0.majorCode', 'IS01');

  await tab(page, '제출 서류');
  for (const [i, [code, ko, en, exts]] of [['R01', '연구계획서', 'Research plan', 'pdf'], ['R02', '포트폴리오', 'Portfolio', 'pdf, jpg']].entries()) {
    await page.getByRole('button', { name: /추가/ }).click();
    const d = `documents.${i}`;
    await fillName(page, `${d}.itemCode`, code);
    await fillName(page, `${d}.grpCode`, 'special');
    await fillName(page, `${d}.grpKorName`, '특별전형 서류');
    await fillName(page, `${d}.grpEngName`, 'Special admission');
    await fillName(page, `${d}.korName`, ko);
    await fillName(page, `${d}.engName`, en);
    await fillName(page, `${d}.extensions`, exts);
  }

  await tab(page, '동의 항목');
  await page.getByRole('button', { name: /추가/ }).click();
  await fillName(page, 'consents.0.code', 'special_terms');
  await fillName(page, 'consents.0.titleKo', '특별전형 유의사항 동의');
  await fillName(page, 'consents.0.titleEn', 'Special admission terms');
  await fillName(page, 'consents.0.bodyKo', '특별전형 첫 번째 안내문입니다.');
  await fillName(page, 'consents.0.bodyEn', 'First text of the special admission terms.');

  await tab(page, '수험번호와 수험표');
  await fillName(page, 'applIdRule', 'S{YY}{ROUND:1}-{SEQ:3}');

  // Save: the start day is today, refused at its field (seed section 5).
  let res = page.waitForResponse((r) => r.url().endsWith('/admin/recruit-parts') && r.request().method() === 'POST');
  await page.getByRole('button', { name: '저장' }).click();
  assert.equal((await res).status(), 400);
  await tab(page, '기간');
  const helper = page.locator('#day-windows-SUBMIT-startDay-helper-text');
  await page.waitForFunction(() => document.querySelector('#day-windows-SUBMIT-startDay-helper-text')?.textContent === '시작일은 오늘 이후여야 합니다.', null, { timeout: T });
  assert.match(await helper.getAttribute('class'), /Mui-error/);

  await typeDay(page, 'windows.SUBMIT.startDay', day(1));
  res = page.waitForResponse((r) => r.url().endsWith('/admin/recruit-parts') && r.request().method() === 'POST');
  await page.getByRole('button', { name: '저장' }).click();
  const created = await res;
  const body = await created.json();
  assert.equal(created.status(), 201, JSON.stringify(body));
  roundId = body.id;
  assert.match(roundId, new RegExp(`^236-\\d{4}-${SEQ}$`));
  assert.equal(body.documents.length, 2);
  assert.deepEqual(body.documents[1].extensions, ['pdf', 'jpg']);
  assert.equal(body.consents[0].version, day(0));
  await page.waitForURL(`**/sysadmin/recruit-parts/${roundId}`);
  await page.context().close();
});

test('the admin checks the exam-number rule and opens the round info with the applicant-side preview', async () => {
  const page = await newPage(browser);
  await login(page, 'schooladmin');
  await page.goto(`/sysadmin/applId/check?round=${roundId}`);
  const input = page.getByTestId('rule-input');
  await page.waitForFunction(() => document.querySelector('[data-testid="rule-input"]')?.value === 'S{YY}{ROUND:1}-{SEQ:3}', null, { timeout: T });
  await page.getByTestId('rule-check').click();
  const yy = roundId.split('-')[1].slice(2);
  await page.getByTestId('rule-result').getByText(`S${yy}${SEQ}-002`).waitFor({ timeout: T });
  await input.fill('S{YY}{NOPE}-{SEQ:3}');
  await page.getByTestId('rule-check').click();
  await page.getByText('알 수 없는 항목입니다: NOPE').waitFor({ timeout: T });

  await page.goto(`/sysadmin/info-inquiry/${roundId}`);
  const info = page.getByTestId('round-info');
  await info.waitFor({ timeout: T });
  const text = await info.innerText();
  for (const want of ['후기 특별전형', '80,000 KRW', '70.00 USD', '연구계획서', '포트폴리오', '특별전형 유의사항 동의', 'S{YY}{ROUND:1}-{SEQ:3}', day(1)]) {
    assert.ok(text.includes(want), `round info lacks ${want}`);
  }
  const preview = await page.getByTestId('applicant-preview').innerText();
  assert.match(preview, /이화여자대학교|국제대학원/);
  assert.match(preview, /접수 기간 아님/);
  await page.context().close();
});

test('another school admin gets 404 or 403 on every route of the round', async () => {
  const page = await newPage(browser);
  await login(page, 'setadmin'); // bound to SKKGSB
  for (const [method, url, data] of [
    ['GET', `/apply/api-auth/admin/recruit-parts/${roundId}`],
    ['PUT', `/apply/api-auth/admin/recruit-parts/${roundId}`, { korName: 'x' }],
    ['POST', `/apply/api-auth/admin/recruit-parts/${roundId}/appl-id-check`, { rule: '{SEQ:3}' }],
    ['POST', `/apply/api-auth/admin/recruit-parts/${roundId}/remake-applid`, { rule: '' }],
    ['GET', '/apply/api-auth/admin/schools/236'],
  ]) {
    const r = await call(page, method, url, data);
    assert.ok(r.status === 404 || r.status === 403, `${method} ${url}: ${r.status}`);
  }
  const list = await call(page, 'GET', '/apply/api-auth/admin/recruit-parts');
  assert.ok(!JSON.stringify(list.body).includes(roundId), 'the other school lists the round');
  await page.goto(`/sysadmin/info-inquiry/${roundId}`);
  await page.getByRole('alert').waitFor({ timeout: T });
  assert.equal(await page.getByTestId('round-info').count(), 0);
  await page.context().close();
});

test('when the round opens an applicant applies, sees its documents and consent, and keeps the version accepted after an edit', async () => {
  // The day comes: the SUBMIT window opens (the clock is not ours to move).
  execFileSync('psql', [process.env.E2E_DATABASE_URL, '-qc',
    `UPDATE recruit_window SET starts_at = now() - interval '1 hour' WHERE school_code = '236' AND recruit_part_seq = ${SEQ}`]);
  const page = await newPage(browser);
  await login(page, 'applicant1');
  await page.goto('/');
  await page.getByTestId('start-application').click();
  await page.getByTestId('round-picker').waitFor({ timeout: T });
  await page.getByTestId('round-school').selectOption('236');
  const year = roundId.split('-')[1];
  await page.getByTestId(`round-apply-${year}-${SEQ}`).click();
  const form = page.getByTestId('consent-form');
  await form.waitFor({ timeout: T });
  assert.match(await form.innerText(), /특별전형 유의사항 동의/);
  assert.match(await form.innerText(), /특별전형 첫 번째 안내문입니다/);
  await page.getByTestId('consent-special_terms').check();
  await page.getByTestId('consent-next').click();
  await page.getByTestId('part-form').waitFor({ timeout: T });
  await page.locator('select[name="major"]').selectOption('IS01|M');
  await page.locator('select[name="categoryCode"]').selectOption('00001');
  await page.locator('select[name="stayTypeCode"]').selectOption('00001');
  if (await page.getByTestId('survey.p1.01').count()) await page.getByTestId('survey.p1.01').check();
  const created = page.waitForResponse((r) => r.url().endsWith('/appl/part') && r.request().method() === 'POST');
  await page.getByTestId('part-submit').click();
  const part = await (await created).json();
  applNo = part.applNo;
  assert.ok(applNo > 0, JSON.stringify(part));
  assert.deepEqual(part.consents.map((c) => [c.code, c.version]), [['special_terms', day(0)]]);
  const docs = await call(page, 'GET', `/apply/api-auth/appl/doc/${applNo}`);
  assert.match(JSON.stringify(docs.body), /연구계획서/);
  assert.match(JSON.stringify(docs.body), /포트폴리오/);

  // The school admin edits the consent text on the round's page.
  const admin = await newPage(browser);
  await login(admin, 'schooladmin');
  await admin.goto(`/sysadmin/recruit-parts/${roundId}/consents`);
  const bodyKo = admin.locator('[name="consents.0.bodyKo"]');
  await bodyKo.waitFor({ timeout: T });
  await bodyKo.fill('특별전형 고친 안내문입니다.');
  const saved = admin.waitForResponse((r) => r.url().includes(`/admin/recruit-parts/${roundId}`) && r.request().method() === 'PUT');
  await admin.getByRole('button', { name: '저장' }).click();
  const after = await (await saved).json();
  assert.equal(after.consents[0].version, day(1), 'the edited text in use got a new version');
  await admin.context().close();

  // The applicant's application still holds the text accepted, on their screen.
  const mine = await call(page, 'GET', `/apply/api-auth/appl/consents/${applNo}`);
  assert.equal(mine.status, 200);
  assert.equal(mine.body[0].version, day(0));
  assert.equal(mine.body[0].bodyKo, '특별전형 첫 번째 안내문입니다.');
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  await row.getByTestId('appl-action-edit').click();
  const accepted = page.getByTestId('accepted-special_terms');
  await accepted.waitFor({ timeout: T });
  await accepted.getByRole('button').click();
  await accepted.getByText('특별전형 첫 번째 안내문입니다.').waitFor({ timeout: T });
  assert.match(await accepted.innerText(), new RegExp(`최종 수정일 ${day(0)}`));
  assert.doesNotMatch(await accepted.innerText(), /고친 안내문/);
  await page.context().close();
});
