// Browser end-to-end test of issue 23 items 3 and 4 (the officers' admin
// pages): three applicants complete 236's round by paying in the test
// gateway; 236's school admin decides them in bulk (admit, reject, waitlist
// rank 1), sets the release to now with a message per decision and
// releases (in Korean): the page follows the result mails until all are
// mailed, and each applicant gets exactly one. Then (in English) a notice of
// the round written in the admin is on the public school page's notices, and
// a bulk mail to the round's completed applicants reaches each of them once.
//
// The release is for good: on the same e2e server, 236's round 1 can no
// longer be decided after this file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, newPage, freshApplicant, login, decodeBody, baseURL, openTestRound, axeViolations, applyThroughAPI, payByCardOnList } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
// The result and bulk mails go out from a job run every minute.
const MAIL_T = 150_000;
const shots = process.env.E2E_SHOTS;
async function shot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

// What staff must never read: codes of statuses, decisions, states, messages.
const RAW = /\b(COMPLETE|SUBMIT|admit|waitlist|reject|draft|sending|decision\.[a-z_]+|bulk_mail\.[a-z_]+|notice\.[a-z_]+)\b/;

/**
 * A fresh applicant whose application to this file's round is filled and
 * submitted through the applicant's API and paid by card in the test
 * gateway: COMPLETE, with an exam number, as the staff pages then read it.
 */
async function completeApplicant(name) {
  const page = await newPage(browser, { locale: 'ko' });
  const who = freshApplicant('dec');
  await login(page, who.userId);
  const { applNo } = await applyThroughAPI(page, { korName: name, seq: SEQ, major: 'DC01' });
  const { applId: examNo } = await payByCardOnList(page, applNo);
  await page.context().close();
  return { ...who, applNo, examNo, name };
}

/** The decoded bodies of the mails to an address that contain text. */
function mailsTo(to, text) {
  const dir = process.env.E2E_MAIL_DIR;
  return readdirSync(dir).filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((eml) => eml.includes(to))
    .map(decodeBody)
    .filter((body) => body.includes(text));
}

/** Waits until each address has a mail containing text, then a little more: answers the mails per address. */
async function eachMailed(people, text) {
  const deadline = Date.now() + MAIL_T;
  while (people.some((p) => mailsTo(p.email, text).length === 0)) {
    if (Date.now() > deadline) throw new Error(`no mail containing ${text} to ${people.filter((p) => mailsTo(p.email, text).length === 0).map((p) => p.email)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  await new Promise((r) => setTimeout(r, 3000)); // a second copy would have come by now
  return people.map((p) => mailsTo(p.email, text));
}

async function staffPage(locale) {
  const page = await newPage(browser, { locale });
  await login(page, 'schooladmin'); // 236's school admin
  return page;
}

let applicants = [];
let roundId = '';
// A round of this file's own: a release cannot be undone (helpers.mjs openTestRound).
const SEQ = 48;

test('236 decides its completed applications in bulk, releases now (ko): all result mails go out, one per applicant', async () => {
  const staff = await staffPage('ko');
  ({ id: roundId } = await openTestRound(staff, { seq: SEQ, major: 'DC01', korName: '결정 시험 전형', engName: 'Decisions test round' }));
  await staff.context().close();
  // One after another: the test gateway and the exam numbers are not this test's subject.
  applicants = [await completeApplicant('김합격'), await completeApplicant('이불합'), await completeApplicant('박예비')];
  const [a, r, w] = applicants;

  const admin = await staffPage('ko');
  await admin.goto('/sysadmin/decision');
  await admin.getByTestId('decisions-page').waitFor({ timeout: T });
  await admin.getByTestId('decision-round').selectOption(roundId);
  const table = admin.getByTestId('decisions-table');
  await table.waitFor({ timeout: T });
  for (const p of applicants) {
    const row = admin.getByTestId(`decision-row-${p.applNo}`);
    await row.waitFor({ timeout: T });
    assert.match(await row.innerText(), new RegExp(p.examNo), 'the exam number on the row');
    assert.match(await row.innerText(), new RegExp(p.name), 'the name on the row');
    assert.match(await row.innerText(), /미결정/);
  }

  // One by one: the server's refusal shows on the row, in Korean.
  await admin.getByTestId(`decision-kind-${a.applNo}`).selectOption('waitlist');
  await admin.getByTestId(`decision-save-${a.applNo}`).click();
  const rowError = admin.getByTestId(`decision-error-${a.applNo}`);
  await rowError.waitFor({ timeout: T });
  assert.match(await rowError.innerText(), /예비 순위는/);

  // In bulk: select, decide.
  const bulk = async (people, button) => {
    for (const p of people) await admin.getByTestId(`decision-select-${p.applNo}`).locator('input').check();
    assert.match(await admin.getByTestId('bulk-count').innerText(), new RegExp(`${people.length}건 선택`));
    await admin.getByTestId(button).click();
  };
  await bulk([a], 'bulk-admit');
  await admin.getByTestId(`decision-row-${a.applNo}`).and(admin.locator('[data-decision="admit"]')).waitFor({ timeout: T });
  await bulk([r], 'bulk-reject');
  await admin.getByTestId(`decision-row-${r.applNo}`).and(admin.locator('[data-decision="reject"]')).waitFor({ timeout: T });
  await bulk([w], 'bulk-waitlist');
  const dialog = admin.getByTestId('waitlist-dialog');
  await dialog.waitFor({ timeout: T });
  await dialog.getByTestId('waitlist-first').fill('1');
  assert.equal(await dialog.getByTestId('waitlist-preview').innerText(), `${w.name}: 1번`);
  await dialog.getByTestId('waitlist-confirm').click();
  await dialog.waitFor({ state: 'detached', timeout: T });
  await admin.getByTestId(`decision-row-${w.applNo}`).and(admin.locator('[data-decision="waitlist"]')).waitFor({ timeout: T });
  assert.equal(await admin.getByTestId(`decision-label-${a.applNo}`).innerText(), '합격');
  assert.equal(await admin.getByTestId(`decision-label-${r.applNo}`).innerText(), '불합격');
  assert.equal(await admin.getByTestId(`decision-label-${w.applNo}`).innerText(), '예비 합격 (1번)');
  assert.doesNotMatch(await admin.locator('main').innerText(), RAW, 'no raw codes on the decisions page');
  assert.deepEqual(await axeViolations(admin), [], 'axe on the decisions page');
  await shot(admin, 'decisions-decided');

  // The release: now, with a message per decision.
  const card = admin.getByTestId('release-card');
  await card.getByTestId('release-now').click();
  const messages = {
    admit: ['합격을 축하합니다. 등록 안내를 확인하세요.', 'Congratulations on your admission.'],
    waitlist: ['예비 합격자입니다. 추가 합격 시 연락드립니다.', 'You are on the waiting list.'],
    reject: ['지원해 주셔서 감사합니다.', 'Thank you for applying.'],
  };
  for (const [kind, [ko, en]] of Object.entries(messages)) {
    await card.locator(`textarea[name="messages.${kind}.ko"]`).fill(ko);
    await card.locator(`textarea[name="messages.${kind}.en"]`).fill(en);
  }
  await card.getByTestId('release-save').click();
  const confirm = admin.getByTestId('release-confirm');
  await confirm.waitFor({ timeout: T });
  assert.match(await confirm.innerText(), /바로 발표/);
  await confirm.getByTestId('release-confirm-go').click();

  // Released: locked, and the result mails followed until all are mailed.
  const locked = admin.getByTestId('decisions-locked');
  await locked.waitFor({ timeout: T });
  assert.match(await locked.innerText(), /발표되어 결정과 발표 내용을 바꿀 수 없습니다/);
  assert.equal(await admin.getByTestId('bulk-bar').count(), 0, 'no bulk decisions after the release');
  assert.equal(await admin.getByTestId(`decision-save-${a.applNo}`).count(), 0, 'no decision changes after the release');
  const progress = admin.getByTestId('release-progress');
  await progress.waitFor({ timeout: T });
  assert.ok(Number(await progress.getAttribute('data-total')) >= 3, 'the three decisions are counted');
  await admin.waitForFunction(() => {
    const el = document.querySelector('[data-testid="release-progress"]');
    return el && Number(el.dataset.total) > 0 && el.dataset.mailed === el.dataset.total;
  }, null, { timeout: MAIL_T, polling: 1000 });
  assert.match(await progress.innerText(), /모든 지원자에게 결과 메일을 보냈습니다/);
  const total = await progress.getAttribute('data-total');
  assert.match(await progress.innerText(), new RegExp(`결과 메일 ${total} / ${total}건 발송`));
  await shot(admin, 'decisions-released');

  const results = await eachMailed(applicants, '전형 결과가 발표되었습니다');
  results.forEach((mails, i) => assert.equal(mails.length, 1, `${applicants[i].name}: exactly one result mail (${mails.length})`));
  const [[admitMail], [rejectMail], [waitMail]] = results;
  assert.match(admitMail, /결과: 합격/);
  assert.match(admitMail, /합격을 축하합니다/);
  assert.match(admitMail, new RegExp(a.examNo));
  assert.match(rejectMail, /결과: 불합격/);
  assert.match(rejectMail, /지원해 주셔서 감사합니다/);
  assert.match(waitMail, /결과: 예비 합격 \(1번\)/);
  await admin.context().close();
});

test('a notice of the round written in the admin (en) is on the school page; a bulk mail reaches each completed applicant once', async () => {
  assert.ok(applicants.length === 3, 'the first test made the applicants');
  const year = roundId.split('-')[1];
  const round = (await (await fetch(`${baseURL}/apply/api/recruit/list?schoolCode=236`)).json()).find((x) => x.recruitPartSeq === SEQ);
  const admin = await staffPage('en');

  // The notice.
  await admin.goto('/sysadmin/notices/create');
  const title = `Interview schedule ${Date.now()}`;
  await admin.locator('input[name="titleKo"]').waitFor({ timeout: T });
  assert.match(await admin.getByTestId('notice-school').innerText(), /Shown to: /);
  await admin.getByRole('combobox', { name: 'Round' }).click();
  await admin.getByRole('option', { name: `${year} · ${round.engName}` }).click();
  await admin.locator('input[name="titleKo"]').fill(`면접 일정 ${title}`);
  await admin.locator('input[name="titleEn"]').fill(title);
  await admin.locator('textarea[name="bodyKo"]').fill('면접은 12월에 있습니다.');
  await admin.locator('textarea[name="bodyEn"]').fill('Interviews are in December.');
  await admin.getByTestId('notice-save').click();
  await admin.waitForURL((u) => u.pathname.endsWith('/notices'), { timeout: T });
  const list = admin.getByTestId('notices-table');
  await list.getByText(title).waitFor({ timeout: T });
  const noticeRow = list.locator('tr', { hasText: title });
  assert.match(await noticeRow.innerText(), new RegExp(round.engName), 'the round by name');
  assert.match(await noticeRow.innerText(), /Showing/);
  const pub = await (await fetch(`${baseURL}/apply/api/notices?schoolCode=236`)).json();
  const shown = pub.find((n) => n.title.en === title);
  assert.ok(shown, `the school page's notices hold it: ${JSON.stringify(pub)}`);
  assert.equal(shown.body.ko, '면접은 12월에 있습니다.');
  await shot(admin, 'notices-list');

  // The bulk mail: the server's field errors first, at their fields.
  await admin.goto('/sysadmin/bulk-mail');
  await admin.getByTestId('bulk-mail-page').waitFor({ timeout: T });
  await admin.getByTestId('mail-round').selectOption(roundId);
  const compose = admin.getByTestId('mail-compose');
  await compose.waitFor({ timeout: T });
  await compose.getByTestId('mail-preview').click();
  const subjectKo = compose.locator('input[name="subjectKo"]');
  const subjectField = subjectKo.locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]');
  await subjectField.getByText('Enter the subject, at most 200 characters.').waitFor({ timeout: T });

  await compose.getByRole('combobox', { name: 'Application status' }).click();
  await admin.getByRole('option', { name: 'Complete', exact: true }).click();
  const stamp = Date.now();
  await subjectKo.fill(`[안내] 면접 준비 ${stamp}`);
  await compose.locator('input[name="subjectEn"]').fill(`[Notice] Interview preparation ${stamp}`);
  await compose.locator('textarea[name="bodyKo"]').fill(`면접 준비물을 확인해 주세요. ${stamp}`);
  await compose.locator('textarea[name="bodyEn"]').fill(`Please check what to bring to the interview. ${stamp}`);
  await compose.getByTestId('mail-preview').click();
  const panel = admin.getByTestId('mail-preview-panel');
  await panel.waitFor({ timeout: T });
  assert.match(await panel.getByTestId('mail-preview-ko').innerText(), new RegExp(`면접 준비물을 확인해 주세요. ${stamp}`));
  assert.match(await panel.getByTestId('mail-preview-en').innerText(), new RegExp(`Please check what to bring to the interview. ${stamp}`));
  const count = Number(await panel.getByTestId('mail-recipients').getAttribute('data-count'));
  assert.ok(count >= 3, `the three completed applicants are among the recipients (${count})`);
  await panel.getByTestId('mail-send').click();
  const confirm = admin.getByTestId('mail-confirm');
  await confirm.waitFor({ timeout: T });
  assert.match(await confirm.getByTestId('mail-confirm-body').innerText(), new RegExp(`It goes to ${count} recipients`));
  await shot(admin, 'bulk-mail-confirm');
  await confirm.getByTestId('mail-confirm-send').click();
  const progress = admin.getByTestId('mail-progress');
  await progress.waitFor({ timeout: T });
  assert.equal(await progress.getAttribute('data-recipients'), String(count));
  await admin.locator('[data-testid="mail-progress"][data-state="done"]').waitFor({ timeout: MAIL_T });
  assert.match(await progress.innerText(), new RegExp(`Sent to ${count} of ${count}`));
  assert.match(await progress.innerText(), /All sent\./);
  const history = admin.getByTestId('mail-history');
  await history.locator('tr', { hasText: `Interview preparation ${stamp}` }).getByText('Sent', { exact: true }).waitFor({ timeout: T });
  assert.match(await history.innerText(), /Status: Complete · Decision: Any/);
  assert.doesNotMatch(await admin.locator('main').innerText(), RAW, 'no raw codes on the bulk-mail page');
  assert.deepEqual(await axeViolations(admin), [], 'axe on the bulk-mail page');
  await shot(admin, 'bulk-mail-sent');

  // Each applicant reads it once, in Korean (their language).
  const mails = await eachMailed(applicants, `면접 준비물을 확인해 주세요. ${stamp}`);
  mails.forEach((m, i) => assert.equal(m.length, 1, `${applicants[i].name}: the bulk mail exactly once (${m.length})`));
  await admin.context().close();
});
