// Issue 13, as a school officer and a system admin meet the back office: a
// role granted in the browser works on the next sign-in; the new school admin
// finds an application of their school (and not one sent elsewhere), corrects
// a field with a reason (the applicant is mailed), starts and completes a
// review (the applicant sees each); a suspended member's next request is
// refused; axe finds nothing on the new admin pages (desktop and phone).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, newPage, login, call, sql, freshApplicant, roundYear, createApplication, mailTo } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

async function violations(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(600);
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations.map((v) => `${v.id} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')})`);
}

/** An application to school 236 (another school than the admin's). */
async function applyAt236(page) {
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
  return r.body.applNo;
}

/** Searches the applications list and waits for its answer. */
async function search(page, q) {
  const answered = page.waitForResponse((r) => r.url().includes('/admin/applications?') && decodeURIComponent(r.url()).includes(q), { timeout: T });
  await page.getByTestId('applications-search').fill(q);
  return (await answered).json();
}

test('a granted school admin finds, corrects and reviews an application; the applicant sees it', async () => {
  const mine = freshApplicant('boa');
  const elsewhere = freshApplicant('bob');
  const staff = freshApplicant('bostaff');
  const pa = await newPage(browser);
  await login(pa, mine.userId);
  const applNo = await createApplication(pa, { korName: '박서연' });
  sql(`UPDATE application SET status = 'SUBMIT' WHERE appl_no = :'p1'`, applNo);
  const pb = await newPage(browser);
  await login(pb, elsewhere.userId);
  await applyAt236(pb);
  await pb.context().close();

  // The system admin grants the school-admin role of ARTS01 in the browser.
  const ps = await newPage(browser);
  await login(ps, 'sysadmin');
  await ps.goto(`/sysadmin/roles/${staff.userId}/show`);
  await ps.getByTestId('roles-panel').waitFor({ timeout: T });
  assert.deepEqual(await violations(ps), [], 'axe on the role page');
  await ps.getByTestId('role-ROLE_USER').uncheck();
  await ps.getByTestId('role-ROLE_SCHL_ADMIN').check();
  await ps.getByTestId('roles-save').click();
  await ps.getByText('학교 관리자와 설정 관리자는 학교를 지정해야 합니다.').first().waitFor({ timeout: T });
  await ps.getByTestId('role-school').selectOption('ARTS01');
  await ps.getByTestId('roles-save').click();
  await ps.getByText('권한을 저장했습니다.').waitFor({ timeout: T });

  // It works on the next sign-in.
  const pt = await newPage(browser);
  await login(pt, staff.userId);
  await pt.goto('/sysadmin/applications');
  await pt.getByTestId('applications-search').waitFor({ timeout: T });
  let rows = await search(pt, mine.userId);
  assert.deepEqual(rows.map((r) => r.applNo), [applNo]);
  rows = await search(pt, elsewhere.userId);
  assert.deepEqual(rows, [], 'an application sent to another school is listed');
  await search(pt, mine.userId);
  await pt.getByText('박서연').first().click();
  await pt.getByTestId('appl-basic').waitFor({ timeout: T });
  assert.equal(await pt.getByTestId('info-mobile').innerText(), '010-1234-5678');
  assert.match(await pt.getByTestId('info-residentNoLast').innerText(), /\*/);
  assert.deepEqual(await violations(pt), [], 'axe on the application page');

  // Correct the mobile number with a reason: refused without one.
  await pt.getByTestId('correct-open').click();
  await pt.getByTestId('correct-value').fill('010-5555-6666');
  await pt.getByTestId('correct-submit').click();
  await pt.getByText('사유를 입력해 주세요.').waitFor({ timeout: T });
  await pt.getByTestId('correct-reason').fill('지원자 전화 요청으로 휴대전화 번호 변경');
  await pt.getByTestId('correct-submit').click();
  await pt.getByTestId('info-mobile').filter({ hasText: '010-5555-6666' }).waitFor({ timeout: T });
  await mailTo(mine.email, '지원자 전화 요청으로 휴대전화 번호 변경');

  // Review: the applicant sees it under review, then complete.
  await pt.getByTestId('review-start').click();
  await pt.getByTestId('review-complete').waitFor({ timeout: T });
  await pa.goto('/list');
  const notice = pa.getByTestId('appl-review');
  await notice.waitFor({ timeout: T });
  assert.match(await notice.innerText(), /검토하고 있습니다/);
  await pt.getByTestId('review-complete').click();
  await pt.getByTestId('review-state').filter({ hasText: '접수 완료' }).waitFor({ timeout: T });
  await pa.goto('/list');
  await pa.getByTestId('appl-review').filter({ hasText: '검토가 완료되었습니다. 지원서, 수험표와 제출한 서류를 확인해 주세요.' }).waitFor({ timeout: T });
  await mailTo(mine.email, '검토가 완료되었습니다');

  // The dashboard counts the admin's round (with charts), and passes axe.
  await pt.goto('/sysadmin/');
  const year = await roundYear('ARTS01');
  const dash = pt.getByTestId('round-dashboard');
  await dash.waitFor({ timeout: T });
  await pt.getByTestId('dash-round').selectOption(`ARTS01-${year}-1`);
  await pt.getByTestId('dash-total').filter({ hasText: /전체 [1-9]\d*건/ }).waitFor({ timeout: T });
  await dash.locator('svg').first().waitFor({ timeout: T });
  assert.deepEqual(await violations(pt), [], 'axe on the dashboard');

  // Both reads and changes are in the access log, with the address.
  const logged = sql(`SELECT string_agg(DISTINCT action, ',' ORDER BY action) FROM audit_log WHERE actor = :'p1' AND remote_addr <> ''`, staff.userId);
  for (const a of ['application.correct', 'application.list', 'application.read', 'application.review']) assert.ok(logged.includes(a), `${a} in ${logged}`);
  for (const p of [pa, ps, pt]) await p.context().close();
});

test('a system admin suspends a member, whose next request is refused; the admin pages pass axe on a phone', async () => {
  const member = freshApplicant('bosus');
  const pm = await newPage(browser);
  await login(pm, member.userId);
  assert.equal((await call(pm, 'GET', '/apply/api-auth/appl/list')).status, 200);

  const ps = await newPage(browser);
  await login(ps, 'sysadmin');
  await ps.goto(`/sysadmin/members/${member.userId}/show`);
  await ps.getByTestId('sanction-panel').waitFor({ timeout: T });
  assert.deepEqual(await violations(ps), [], 'axe on the member page');
  await ps.getByTestId('sanction-panel').getByRole('combobox').first().click();
  await ps.getByRole('option', { name: '정지' }).click();
  await ps.getByTestId('sanction-note').fill('다른 지원자의 서류를 반복해서 올림');
  await ps.getByTestId('sanction-submit').click();
  await ps.getByTestId('sanction-row').first().waitFor({ timeout: T });
  assert.equal((await call(pm, 'GET', '/apply/api-auth/appl/list')).status, 401, 'the suspended member is still served');
  await mailTo(member.email, '회원 자격이 정지되었습니다');

  for (const path of ['/sysadmin/applications', '/sysadmin/members', '/sysadmin/roles', '/sysadmin/access-log']) {
    await ps.goto(path);
    await ps.locator('main').first().waitFor({ timeout: T });
    await ps.waitForTimeout(300);
    assert.deepEqual(await violations(ps), [], `axe on ${path}`);
  }
  await pm.context().close();
  await ps.context().close();
  const phone = await newPage(browser, { mobile: true });
  await login(phone, 'sysadmin');
  for (const path of ['/sysadmin/applications', '/sysadmin/members', '/sysadmin/access-log']) {
    await phone.goto(path);
    await phone.locator('main').first().waitFor({ timeout: T });
    assert.deepEqual(await violations(phone), [], `axe on ${path} (phone)`);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `${path} scrolls sideways on a phone by ${overflow}px`);
  }
  await phone.context().close();
});
