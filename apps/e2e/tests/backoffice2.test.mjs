// Issue 13, the rest of the back office: closing staff close a round early
// and its applicant can no longer save (a system admin reopens it); the
// application page links to its payments and its letters; the dashboard
// counts the round's letters still pending. axe finds nothing on the
// closing page (desktop and phone) and the phone page does not scroll sideways.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, login, call, sql, freshApplicant, roundYear, createApplication, axeViolations as violations } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

const basisOf = (applNo) => `/apply/api-auth/appl/basis/${applNo}`;

test('a closing admin closes a round early: the applicant can no longer save; a system admin reopens it', async () => {
  // GSPP01's round is used by no other browser test.
  const year = await roundYear('GSPP01');
  const id = `GSPP01-${year}-1`;
  const me = freshApplicant('bocl');
  const pa = await newPage(browser);
  await login(pa, me.userId);
  const applNo = await createApplication(pa, { school: 'GSPP01', major: 'PP01' });
  const info = (await call(pa, 'GET', basisOf(applNo))).body.applicantInfo;

  const pc = await newPage(browser);
  await login(pc, 'closer');
  await pc.goto('/sysadmin/round-closures');
  const close = pc.getByTestId(`closing-close-${id}`);
  await close.waitFor({ timeout: T });
  assert.deepEqual(await violations(pc), [], 'axe on the closing page');
  // Closing staff see this page and the dashboard, nothing else.
  const me2 = await call(pc, 'GET', '/user/api/me');
  assert.deepEqual(me2.body.adminPages, ['round/close']);
  await close.click();
  await pc.getByTestId('closing-submit').click();
  await pc.getByText('사유를 500자 이내로 입력해 주세요.').waitFor({ timeout: T });
  await pc.getByTestId('closing-reason').fill('정원 충족으로 조기 마감');
  await pc.getByTestId('closing-submit').click();
  await pc.getByTestId(`closing-state-${id}`).getByText('마감됨').waitFor({ timeout: T });
  assert.equal(await pc.getByTestId(`closing-reopen-${id}`).count(), 0, 'closing staff cannot reopen');

  // The applicant can no longer save the form, with the reason in their language.
  const saved = await call(pa, 'POST', basisOf(applNo), { applicantInfo: info });
  assert.equal(saved.status, 403, JSON.stringify(saved.body));
  assert.equal(saved.body.code, 'window.round_closed');
  assert.match(saved.body.message, /조기 마감/);
  await pa.goto('/');

  // A system admin reopens it; the applicant saves again.
  const ps = await newPage(browser);
  await login(ps, 'sysadmin');
  await ps.goto('/sysadmin/round-closures');
  await ps.getByTestId(`closing-reopen-${id}`).click();
  await ps.getByTestId('closing-reason').fill('잘못 마감함');
  await ps.getByTestId('closing-submit').click();
  await ps.getByTestId(`closing-state-${id}`).getByText('접수 중').waitFor({ timeout: T });
  const again = await call(pa, 'POST', basisOf(applNo), { applicantInfo: info });
  assert.equal(again.status, 200, JSON.stringify(again.body));
  const audited = sql(`SELECT string_agg(action || ':' || actor, ',' ORDER BY id) FROM audit_log WHERE target = :'p1' AND action LIKE 'round.%'`, `round:GSPP01/${year}/1`);
  assert.match(audited, /round\.close:closer.*round\.reopen:sysadmin/);

  // On a phone: no sideways scroll, axe clean.
  const phone = await newPage(browser, { mobile: true });
  await login(phone, 'closer');
  await phone.goto('/sysadmin/round-closures');
  await phone.getByTestId(`closing-close-${id}`).waitFor({ timeout: T });
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, 'no horizontal scroll at 375 px');
  assert.deepEqual(await violations(phone), [], 'axe on the closing page (phone)');
  for (const p of [pa, pc, ps, phone]) await p.context().close();
});

test('the application page links to its payments and letters; the dashboard shows letters pending', async () => {
  const me = freshApplicant('bolk');
  const pa = await newPage(browser);
  await login(pa, me.userId);
  const applNo = await createApplication(pa, { korName: '최지우' });
  await pa.context().close();
  const year = await roundYear('ARTS01');
  sql(`UPDATE application SET status = 'SUBMIT' WHERE appl_no = :'p1'`, applNo);
  for (const [i, st] of ['00010', '00040'].entries()) {
    sql(`INSERT INTO recommend_request (appl_no, school_code, enter_year, recruit_part_seq, applicant_user_id, prof_name, email,
        institution, position, locale, status, created_at, submitted_at)
      VALUES (:'p1', 'ARTS01', :'p2', 1, :'p3', :'p4', :'p5', '한빛대학교', '교수', 'ko', :'p6', now(), CASE WHEN :'p6' = '00040' THEN now() END)`,
    applNo, year, me.userId, `추천인${i}`, `rec${i}.${me.userId}@e2e.gradapply.example`, st);
  }
  const pending = Number(sql(`SELECT count(*) FROM recommend_request r JOIN application a USING (appl_no)
    WHERE a.school_code = 'ARTS01' AND a.enter_year = :'p1' AND a.recruit_part_seq = 1 AND NOT r.cancelled AND r.status <> '00040' AND a.status <> 'CANCEL'`, year));

  const ps = await newPage(browser);
  await login(ps, 'sysadmin');
  await ps.goto(`/sysadmin/applications/${applNo}/show`);
  await ps.getByTestId('appl-links').waitFor({ timeout: T });
  await ps.getByTestId('appl-pay-link').click();
  await ps.waitForURL((u) => u.pathname.endsWith('/pay/attempts') && decodeURIComponent(u.search).includes(`"applNo":"${applNo}"`), { timeout: T });
  await ps.goBack();
  await ps.getByTestId('appl-letters-link').click();
  await ps.waitForURL((u) => u.pathname.endsWith('/recommend/template') && u.search.includes(`applNo=${applNo}`), { timeout: T });
  const letters = ps.getByTestId('letters-table');
  await letters.waitFor({ timeout: T });
  assert.equal(await letters.locator('tbody tr').count(), 2);
  await letters.getByText('추천인0').waitFor({ timeout: T });

  // The dashboard: the round's letters requested and not yet submitted.
  await ps.goto('/sysadmin/');
  // School and round are picked by name, never typed as codes.
  await ps.getByTestId('dash-school').selectOption('ARTS01');
  await ps.getByTestId('dash-round').selectOption(`ARTS01-${year}-1`);
  const schoolShown = await ps.getByTestId('dash-school').locator('option:checked').innerText();
  const roundShown = await ps.getByTestId('dash-round').locator('option:checked').innerText();
  assert.doesNotMatch(schoolShown, /ARTS01/, 'the school picker shows the school by name');
  assert.match(roundShown, new RegExp(`^${year} · \\S`), 'the round picker shows the year and the round by name');
  assert.doesNotMatch(roundShown, /ARTS01/);
  const line = ps.getByTestId('dash-letters');
  await line.waitFor({ timeout: T });
  await ps.waitForFunction((n) => document.querySelector('[data-testid="dash-letters"]')?.textContent?.includes(`제출 대기 ${n}건`), pending, { timeout: T });
  assert.ok(pending >= 1);
  await ps.context().close();
});
