// Issue 14 item 7: the 1:1 inquiry board. An applicant asks about school
// 236 with an attachment (a refused file first: the form keeps what was
// typed); a school admin of another school cannot see it; `schooladmin`
// (school 236) finds it in /sysadmin, opens the attachment and answers;
// the applicant gets the answer mail in their language and a notice in
// the nav, opens the inquiry, reads the answer and the notice goes. In
// Korean on a desktop and in English on a phone; axe checks every page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, newPage, login, call, freshApplicant, sql, mailTo, demoPassword } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
const pdf = Buffer.from('%PDF-1.4\n% a receipt for the inquiry test\n');

async function axe(page, what, include) {
  await page.waitForLoadState('networkidle').catch(() => {});
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const r = await builder.analyze();
  assert.deepEqual(r.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), [], `axe on ${what}`);
}

async function noSideScroll(page, what) {
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(sw <= cw, `${what}: the page scrolls sideways (${sw} > ${cw})`);
}

async function adminPage(locale, userId) {
  const admin = await newPage(browser, { locale });
  await admin.goto('/sysadmin/');
  await admin.locator('input[name="userId"]').fill(userId);
  await admin.locator('input[name="password"]').fill(demoPassword);
  await admin.getByTestId('login-submit').click();
  await admin.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: T });
  return admin;
}

/**
 * Types a search into the back office's inquiry list and waits for the list
 * to answer it. The search is applied half a second after typing: a row
 * clicked before that (the unfiltered list may already show it) opens the
 * inquiry, and then the late search takes the page back to the list.
 */
async function searchInquiries(page, q) {
  const answered = page.waitForResponse((r) => r.url().includes('/admin/inquiries?') && decodeURIComponent(r.url()).includes(q), { timeout: T });
  await page.getByTestId('inquiries-search').fill(q);
  await answered;
}

/** The nav's user entry: in the header on a desktop, in the drawer on a phone. */
async function openUserNav(page, mobile) {
  if (mobile) await page.getByTestId('nav-menu').click();
  else await page.getByTestId('nav-user').click();
}

const text = {
  ko: { waiting: '답변 대기', answered: '답변 완료', newAnswer: '새 답변', answer: '네, 접수 마감 전까지는 전액 환불됩니다.', mail: '답변이 등록되었습니다', unread: '새 답변 1건' },
  en: { waiting: 'Waiting', answered: 'Answered', newAnswer: 'New answer', answer: 'Yes: until the deadline the fee is refunded in full.', mail: 'has been answered', unread: 'New answers: 1' },
};

for (const [locale, mobile] of [['ko', false], ['en', true]]) {
  test(`${locale}${mobile ? ' phone' : ''}: ask with a file, a school admin answers, the applicant is told and reads it`, { timeout: 240_000 }, async () => {
    const tx = text[locale];
    const { userId, email } = freshApplicant(`inq${locale}`);
    sql(`UPDATE app_user SET locale = :'p1' WHERE user_id = :'p2'`, locale, userId);
    const title = `${locale === 'ko' ? '전형료 환불 문의' : 'Fee refund'} ${userId}`;

    const page = await newPage(browser, { locale, mobile });
    await login(page, userId);
    // The list trusts the session, not the URL: another id shows the caller's own (none yet).
    await page.goto(`/inquiry/user/list?userId=applicant2`);
    await page.getByTestId('inquiry-empty').waitFor({ timeout: T });
    await axe(page, '/inquiry/user/list (empty)');
    await noSideScroll(page, 'list');

    await page.getByTestId('inquiry-new').click();
    await page.getByTestId('inquiry-form').waitFor({ timeout: T });
    await axe(page, '/inquiry/user/new');
    await noSideScroll(page, 'new inquiry');
    const combos = page.getByTestId('inquiry-form').getByRole('combobox');
    await combos.nth(0).click();
    await page.getByTestId('inquiry-type-payment').click();
    await combos.nth(1).click();
    await page.getByTestId('inquiry-school-236').click();
    await page.getByTestId('inquiry-title').fill(title);
    await page.getByTestId('inquiry-body').fill(locale === 'ko' ? '결제 후 지원을 취소하면 전형료를 돌려받을 수 있나요?' : 'If I cancel after paying, is the fee refunded?');
    // A file the rules refuse: the server names the field; nothing typed is lost.
    await page.getByTestId('inquiry-file-input').setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByTestId('inquiry-submit').click();
    await page.locator('#inquiry-file-help.Mui-error').waitFor({ timeout: T });
    assert.match(await page.getByTestId('inquiry-file-help').innerText(), /pdf/i);
    assert.equal(await page.getByTestId('inquiry-title').inputValue(), title);
    await axe(page, '/inquiry/user/new with a refused file');

    await page.getByTestId('inquiry-file-input').setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByTestId('inquiry-submit').click();
    await page.waitForURL(/\/inquiry\/user\/detail\?no=\d+/, { timeout: T });
    const no = Number(new URL(page.url()).searchParams.get('no'));
    await page.getByTestId('inquiry-question').waitFor({ timeout: T });
    assert.equal(await page.getByTestId('inquiry-status').innerText(), tx.waiting);
    assert.equal(await page.getByTestId('inquiry-file').innerText(), 'receipt.pdf');
    await axe(page, '/inquiry/user/detail (waiting)');
    await noSideScroll(page, 'detail');

    // A school admin of another school: not in the list, not by id.
    const otherId = freshApplicant('inqadm').userId;
    sql(`UPDATE app_user SET school_code = 'SKKGSB' WHERE user_id = :'p1';
      UPDATE user_role SET role = 'ROLE_SCHL_ADMIN' WHERE user_pk = (SELECT id FROM app_user WHERE user_id = :'p1');`, otherId);
    const other = await adminPage(locale, otherId);
    await other.goto('/sysadmin/inquiry/manage');
    await searchInquiries(other, userId);
    assert.equal(await other.getByText(title).count(), 0, 'another school admin sees the inquiry');
    assert.equal((await call(other, 'GET', `/apply/api-auth/admin/inquiries/${no}`)).status, 404);
    assert.equal((await call(other, 'GET', `/apply/api-auth/admin/inquiries/${no}/file`)).status, 404);
    await other.context().close();

    // The school admin of 236 finds it, reads the attachment and answers.
    const admin = await adminPage(locale, 'schooladmin');
    await admin.goto('/sysadmin/inquiry/manage');
    await searchInquiries(admin, userId);
    await admin.getByText(title).click({ timeout: T });
    await admin.getByTestId('inquiry-answer-panel').waitFor({ timeout: T });
    assert.equal(await admin.getByTestId('inquiry-file').innerText(), 'receipt.pdf');
    const file = await call(admin, 'GET', await admin.getByTestId('inquiry-file').getAttribute('href'));
    assert.equal(file.status, 200);
    assert.ok(String(file.body).startsWith('%PDF-1.4'));
    await axe(admin, '/sysadmin/inquiries/{id}/show', '[data-testid="inquiry-answer-panel"]');
    await admin.getByTestId('inquiry-answer-body').fill(tx.answer);
    await admin.getByTestId('inquiry-answer-submit').click();
    await admin.getByTestId('inquiry-answer').waitFor({ timeout: T });
    assert.ok((await admin.getByTestId('inquiry-answer').innerText()).includes(tx.answer));
    assert.equal(Number(sql(`SELECT count(*) FROM audit_log WHERE actor = 'schooladmin' AND action = 'inquiry.read' AND target = :'p1'`, `inquiry:${no}`)) > 0, true);
    await admin.context().close();

    // The answer mail, in the applicant's language, links to the inquiry.
    const mail = await mailTo(email, tx.mail);
    assert.ok(mail.includes(`/inquiry/user/detail?no=${no}`), 'the mail links to the inquiry');

    // The applicant: a notice in the nav until the inquiry is opened.
    await page.goto(`/inquiry/user/list?userId=${userId}`);
    await page.getByTestId('inquiry-row').first().waitFor({ timeout: T });
    if (mobile) {
      // On a phone the menu button carries the count and says it.
      await page.getByTestId('nav-menu-unread').waitFor({ timeout: T });
      assert.equal(await page.getByTestId('nav-menu-unread').innerText(), '1');
      assert.ok((await page.getByTestId('nav-menu').textContent()).includes(tx.unread));
    } else {
      await page.getByTestId('nav-inquiry-unread').waitFor({ timeout: T });
      assert.ok((await page.getByTestId('nav-inquiry-unread').textContent()).includes(tx.unread));
    }
    await axe(page, 'the page with the nav notice');
    await openUserNav(page, mobile);
    const mark = page.getByTestId('nav-my-inquiry-unread');
    await mark.waitFor({ timeout: T });
    assert.match(await mark.innerText(), /^1\b/);
    assert.ok((await mark.textContent()).includes(tx.unread));
    await page.getByTestId('nav-my-inquiry').click();
    await page.getByTestId('inquiry-row-unread').waitFor({ timeout: T });
    assert.equal(await page.getByTestId('inquiry-row-unread').innerText(), tx.newAnswer);
    await page.getByTestId('inquiry-row-link').first().click();
    await page.getByTestId('inquiry-answer').waitFor({ timeout: T });
    assert.ok((await page.getByTestId('inquiry-answer').innerText()).includes(tx.answer));
    assert.equal(await page.getByTestId('inquiry-status').innerText(), tx.answered);
    await axe(page, '/inquiry/user/detail (answered)');
    await noSideScroll(page, 'answered detail');
    await page.getByTestId(mobile ? 'nav-menu-unread' : 'nav-inquiry-unread').waitFor({ state: 'detached', timeout: T });
    assert.equal((await call(page, 'GET', '/apply/api-auth/inquiry/user/unread')).body.count, 0);
    await page.context().close();
  });
}
