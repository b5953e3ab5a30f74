// Support tools of user/management (issue 23), as a system admin meets
// them: correct a fresh applicant's e-mail address (both addresses get
// their mail), unlock a sign-in locked by wrong passwords (the applicant
// signs in at once), and see the member's mails and resend one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, newPage, baseURL, demoPassword, freshApplicant, login, mailTo, decodeBody } from './helpers.mjs';

const T = 30_000;
let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A solved captcha for the login API (the proof of work the page's widget does). */
async function solvedCaptcha() {
  const ch = await (await fetch(`${baseURL}/user/api/captcha`)).json();
  for (let n = 0; n <= ch.maxNumber; n++) {
    if (createHash('sha256').update(ch.salt + n).digest('hex') === ch.challenge) {
      const payload = { algorithm: ch.algorithm, challenge: ch.challenge, number: n, salt: ch.salt, signature: ch.signature };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('captcha not solved');
}

/** A login through the API, as the sign-in page sends it. */
async function apiLogin(userId, password) {
  const res = await fetch(`${baseURL}/user/api/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Language': 'ko' },
    body: JSON.stringify({ userId, password, altcha: await solvedCaptcha() }),
  });
  return res.status;
}

/** How many mails went to an address whose body contains text. */
function mailCount(to, text) {
  const dir = process.env.E2E_MAIL_DIR;
  return readdirSync(dir).filter((f) => f.endsWith('.eml')).map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((eml) => eml.includes(to) && decodeBody(eml).includes(text)).length;
}

async function confirm(page) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: T });
  await dialog.getByRole('button', { name: '확인' }).click();
  await dialog.waitFor({ state: 'detached', timeout: T });
}

test('a system admin corrects an address, unlocks a locked sign-in and resends a mail', async () => {
  const member = freshApplicant('sup');
  const newEmail = `${member.userId}.new@e2e.gradapply.example`;
  // Wrong passwords through the real login lock the account.
  let status = 0;
  for (let i = 0; i < 10; i++) status = await apiLogin(member.userId, 'Wrong-password-1');
  assert.equal(status, 401);
  assert.equal(await apiLogin(member.userId, demoPassword), 429, 'the sign-in is locked');

  const ps = await newPage(browser);
  await login(ps, 'sysadmin');
  // The seed's link opens the member's page.
  await ps.goto(`/sysadmin/user/management/update?userId=${member.userId}`);
  const panel = ps.getByTestId('support-panel');
  await panel.waitFor({ timeout: T });
  assert.match(ps.url(), new RegExp(`/sysadmin/members/${member.userId}/show`));
  assert.match(await ps.getByTestId('support-lock-state').innerText(), /로그인이 잠겨 있습니다/);

  // A taken address is refused on its field.
  await ps.getByTestId('support-email-input').fill('applicant1@demo.gradapply.example');
  await ps.getByTestId('support-email-reason').fill('본인 확인 후 전화 요청');
  await ps.getByTestId('support-email-save').click();
  await confirm(ps);
  await panel.getByText('이미 사용 중인 이메일입니다.').first().waitFor({ timeout: T });

  // The correction: the old address is told, the new one confirmed.
  await ps.getByTestId('support-email-input').fill(newEmail);
  await ps.getByTestId('support-email-save').click();
  await confirm(ps);
  const told = await mailTo(member.email, '관리자가');
  assert.match(told, new RegExp(`${member.userId[0]}\\*\\*\\*@e2e\\.gradapply\\.example`), 'the old address sees the new one masked');
  assert.match(told, /\/help/, 'and whom to contact');
  await mailTo(newEmail, '이 주소로 바꾸었습니다');

  // Unlock: the member signs in at once.
  await ps.getByTestId('support-unlock-reason').fill('본인이 전화로 요청');
  await ps.getByTestId('support-unlock').click();
  await confirm(ps);
  await ps.getByTestId('support-lock-state').getByText(/잠겨 있지 않습니다/).waitFor({ timeout: T });
  const pm = await newPage(browser);
  await login(pm, member.userId);

  // The mails by name, and a resend that arrives again.
  const rows = ps.getByTestId('support-mail-row');
  await rows.first().waitFor({ timeout: T });
  const confirmed = rows.filter({ hasText: '관리자 이메일 변경 확인 (새 주소)' });
  assert.equal(await confirmed.count(), 1);
  assert.equal(await rows.filter({ hasText: '관리자 이메일 변경 안내 (예전 주소)' }).count(), 1);
  assert.doesNotMatch(await panel.innerText(), /email_corrected/);
  const before = mailCount(newEmail, '이 주소로 바꾸었습니다');
  await ps.getByTestId('support-resend-reason').fill('메일을 못 받았다고 함');
  await confirmed.getByTestId('support-resend').click();
  await confirm(ps);
  await rows.filter({ hasText: '관리자 이메일 변경 확인 (새 주소)' }).nth(1).waitFor({ timeout: T });
  const deadline = Date.now() + 45_000;
  while (mailCount(newEmail, '이 주소로 바꾸었습니다') <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  assert.ok(mailCount(newEmail, '이 주소로 바꾸었습니다') > before, 'the resent mail arrives');
  // Delivered mails say so once the mail server took them.
  await ps.reload();
  const told2 = ps.getByTestId('support-mail-row').filter({ hasText: '관리자 이메일 변경 안내 (예전 주소)' });
  await told2.waitFor({ timeout: T });
  assert.match(await told2.innerText(), /보냄/);
});
