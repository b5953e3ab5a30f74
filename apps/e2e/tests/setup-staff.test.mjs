// Issue 22, as setup staff meet the back office: setup236 (ROLE_SET_ADMIN of
// school 236) sees the school's round, its settings and the round's counts,
// and no applicant's name, record, PDF or document, although an applicant
// of 236 has saved a record and uploaded a document (through the API the
// applicant's pages call; no SQL makes the application). The school's admin
// reads the same URLs, so the refusals are the role's, not a missing record.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, login, call, freshApplicant, roundYear, createApplication } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
const shots = process.env.E2E_SHOTS;
const korName = '윤설아';
const pdf = Buffer.from('%PDF-1.4\n%setup staff test\n');

/** A document uploaded as the applicant's page sends it (multipart: the JSON request part, then the file). */
async function upload(page, applNo, itemCode, name, bytes, type) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const status = await page.evaluate(async ({ applNo, itemCode, name, bytes, type, xsrf }) => {
    const form = new FormData();
    form.append('request', new Blob([JSON.stringify({ itemCode })], { type: 'application/json' }));
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const r = await fetch(`/apply/api-auth/appl/doc/upload/${applNo}`, { method: 'POST', body: form, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
    return r.status;
  }, { applNo, itemCode, name, bytes: [...bytes], type, xsrf });
  assert.equal(status, 200, `upload ${name}`);
}

/** Status and body text of a GET sent from the page with its session (as the app's own fetches are). */
const fetchText = (page, url) => page.evaluate(async (u) => {
  const r = await fetch(u, { credentials: 'same-origin' });
  return { status: r.status, text: await r.text() };
}, url);

test('setup staff of 236 see the round, its settings and counts, and no applicant\'s personal data', async () => {
  // An applicant of 236 with a record and a document.
  const applicant = freshApplicant('sst');
  const pa = await newPage(browser);
  await login(pa, applicant.userId);
  const applNo = await createApplication(pa, { korName, school: '236', major: 'DC01' });
  await upload(pa, applNo, '00002', 'diploma.pdf', pdf, 'application/pdf');
  const docs = await call(pa, 'GET', `/apply/api-auth/appl/doc/${applNo}`);
  const filePath = docs.body.list.flatMap((g) => g.documents).find((d) => d.code === '00002')?.filePath;
  assert.ok(filePath, `the uploaded document is listed: ${JSON.stringify(docs.body)}`);
  await pa.context().close();

  const personal = [
    `/apply/api-auth/appl/basis/${applNo}`,
    `/apply/api-auth/appl/print/${applNo}`,
    `/apply/api-auth/appl/doc/${applNo}`,
    filePath,
    `/apply/api-auth/admin/applications/${applNo}`,
  ];
  const secrets = [korName, applicant.userId, applicant.email];

  // The school's admin reads each of them: they exist and hold the applicant.
  const school = await newPage(browser);
  await login(school, 'schooladmin');
  for (const url of personal) assert.equal((await fetchText(school, url)).status, 200, `school admin GET ${url}`);
  assert.ok((await fetchText(school, personal[0])).text.includes(korName), 'the school admin reads the name');
  await school.context().close();

  // Setup staff of 236; every answer the app receives is kept to be searched for the applicant.
  const page = await newPage(browser);
  const seen = [];
  page.on('response', async (r) => {
    if (!r.url().includes('/apply/api')) return;
    try { seen.push({ url: r.url(), status: r.status(), text: await r.text() }); } catch { /* a redirect or no body */ }
  });
  await login(page, 'setup236');
  const year = await roundYear('236');

  // The dashboard: their school, fixed, and the round's counts, which include the application.
  await page.goto('/sysadmin/');
  const dash = page.getByTestId('round-dashboard');
  await dash.waitFor({ timeout: T });
  assert.equal(await page.getByTestId('dash-school').inputValue(), '236');
  assert.ok(await page.getByTestId('dash-school').isDisabled(), 'setup staff may pick another school');
  await page.getByTestId('dash-round').selectOption(`236-${year}-1`);
  const total = page.getByTestId('dash-total').filter({ hasText: /전체 [1-9]\d*건/ });
  await total.waitFor({ timeout: T });
  assert.match(await page.getByTestId('dash-letters').innerText(), /추천서/);
  assert.equal(await page.getByTestId('health-card').count(), 0, 'setup staff see the servers\' health');
  await page.waitForLoadState('networkidle').catch(() => {});
  if (shots) await page.screenshot({ path: `${shots}/setup-staff-dashboard.png`, fullPage: true });

  // The menu: round setup, nothing of applicants, members or payments.
  const item = page.getByTestId('menu-info-inquiry').first();
  await item.waitFor({ timeout: T });
  const menuBox = item.locator('xpath=ancestor::*[self::ul or @role="menu" or contains(@class, "RaMenu")][1]');
  const menu = await menuBox.innerText();
  assert.match(menu, /모집 전형/);
  assert.doesNotMatch(menu, /회원|결제|취소|정산|환불|권한|접근 기록/, `setup staff's menu: ${menu}`);
  // "지원서 설문 문항" (the survey's questions) is round setup; "지원서" alone is the applications list.
  const lines = menu.split('\n').map((l) => l.trim()).filter(Boolean);
  assert.ok(!lines.includes('지원서'), `setup staff's menu lists applications: ${lines}`);
  for (const path of ['applications', 'members', 'roles', 'access-log', 'pay/attempts', 'pay/cancels', 'pay/refund-requests', 'users']) {
    assert.equal(await menuBox.locator(`a[href$="/sysadmin/${path}"]`).count(), 0, `menu links ${path}`);
  }

  // The round of 236 and its settings, read-only, then the school's settings.
  await item.click();
  const rounds = page.getByTestId('info-inquiry-rounds');
  await rounds.waitFor({ timeout: T });
  const roundsText = await rounds.innerText();
  assert.match(roundsText, new RegExp(`${year}학년도 전기 일반전형 \\(${year}-1\\)`));
  assert.match(roundsText, /80,000 KRW/);
  await rounds.getByRole('link', { name: new RegExp(`\\(${year}-1\\)`) }).click();
  const info = page.getByTestId('round-info');
  await info.waitFor({ timeout: T });
  assert.match(await info.innerText(), /이화여자대학교 국제대학원 \(236\)/);
  assert.match(await info.innerText(), /80,000 KRW/);
  await page.goto('/sysadmin/school/settings');
  await page.getByTestId('school-settings').waitFor({ timeout: T });
  await page.locator('input[name="korName"]').waitFor({ timeout: T });
  assert.equal(await page.locator('input[name="korName"]').inputValue(), '이화여자대학교 국제대학원');

  // The applications pages, opened by their address, show no applicant.
  for (const path of ['/sysadmin/applications', `/sysadmin/applications/${applNo}/show`]) {
    await page.goto(path);
    await page.locator('main').first().waitFor({ timeout: T });
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForTimeout(500);
    const text = await page.locator('body').innerText();
    for (const s of secrets) assert.ok(!text.includes(s), `${path} shows ${s}`);
    assert.equal(await page.getByTestId('appl-basic').count(), 0, `${path} shows an application`);
  }

  // Fetched from the page with the session: refused, and never the applicant.
  for (const url of personal) {
    const r = await fetchText(page, url);
    assert.ok(r.status === 403 || r.status === 404, `setup staff GET ${url}: ${r.status} ${r.text.slice(0, 200)}`);
    for (const s of secrets) assert.ok(!r.text.includes(s), `setup staff GET ${url} shows ${s}`);
  }

  // Nothing the app itself fetched on the way carried the applicant.
  assert.ok(seen.some((r) => r.url.includes('/admin/dashboard') && r.status === 200), 'the counts were fetched');
  for (const r of seen) for (const s of secrets) assert.ok(!r.text.includes(s), `${r.url} (${r.status}) carried ${s}`);
  await page.context().close();
});
