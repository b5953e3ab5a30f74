import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export const baseURL = process.env.E2E_BASE_URL;
export const demoPassword = 'GradApply2026';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export async function launch() {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium fonts-nanum`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export async function newPage(browser, { locale = 'ko', mobile = false } = {}) {
  const context = await browser.newContext({
    baseURL, locale: locale === 'ko' ? 'ko-KR' : 'en-US',
    viewport: mobile ? { width: 375, height: 740 } : { width: 1280, height: 900 },
  });
  if (locale === 'en') {
    await context.addCookies([{ name: 'locale', value: 'en', url: baseURL }]);
  }
  return context.newPage();
}

// The home page comes prerendered and inert until the app replaces it
// (apps/applicant/scripts/prerender.mjs): wait for the app before using it.
export async function appStarted(page, timeout = 30_000) {
  await page.locator('#root > [inert]').waitFor({ state: 'detached', timeout });
  await page.locator('main#main').waitFor({ timeout });
}

// The newest sign-up code mailed to an address, read from the .eml files.
export async function mailedCode(to, since = 0) {
  const dir = process.env.E2E_MAIL_DIR;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse();
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      if (!text.includes(to)) continue;
      const body = decodeBody(text);
      const m = body.match(/\b(\d{6})\b/);
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${to}`);
}

export function decodeBody(eml) {
  // Bodies are quoted-printable or base64; decode both forms we may meet.
  const parts = eml.split(/\r?\n\r?\n/);
  const body = parts.slice(1).join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(eml)) {
    return body.split(/\r?\n/).map((l) => { try { return Buffer.from(l, 'base64').toString('utf8'); } catch { return l; } }).join('');
  }
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** Runs SQL on the run's throwaway database and answers the first column. */
export function sql(q, ...params) {
  const args = [process.env.E2E_DATABASE_URL, '-qAtX', '-v', 'ON_ERROR_STOP=1'];
  params.forEach((v, i) => args.push('-v', `p${i + 1}=${v}`));
  return execFileSync('psql', args, { input: q, stdio: ['pipe', 'pipe', 'pipe'] }).toString('utf8').trim();
}

/**
 * A new applicant of its own for one test (password demoPassword), so no
 * test depends on what another one left: a copy of the demo applicant's
 * account under a fresh id and address.
 */
export function freshApplicant(prefix = 'e2e') {
  const userId = `${prefix}${randomBytes(4).toString('hex')}`.slice(0, 20);
  const email = `${userId}@e2e.gradapply.example`;
  sql(`WITH u AS (
      INSERT INTO app_user (user_id, email, password_hash, locale, terms_agreed_at, privacy_agreed_at)
      SELECT :'p1', :'p2', password_hash, 'ko', now(), now() FROM app_user WHERE user_id = 'applicant1'
      RETURNING id)
    INSERT INTO user_role (user_pk, role) SELECT id, 'ROLE_USER' FROM u;`, userId, email);
  return { userId, email };
}

/**
 * The entrance year of a school's demo round, as the server says: tests
 * never compute it from today's date.
 */
export async function roundYear(schoolCode, partSeq = 1) {
  const res = await fetch(`${baseURL}/apply/api/recruit/list?schoolCode=${encodeURIComponent(schoolCode)}`);
  if (!res.ok) throw new Error(`rounds of ${schoolCode}: ${res.status}`);
  const round = (await res.json()).find((r) => r.recruitPartSeq === partSeq);
  if (!round) throw new Error(`${schoolCode} has no round ${partSeq}`);
  return round.enterYear;
}

/** Signs userId in with the demo password and waits to leave the login page. */
export async function login(page, userId) {
  await page.goto('/user/login');
  await appStarted(page); // the prerendered sign-in page is inert until the app takes over
  await page.locator('input[name="userId"]').fill(userId);
  await page.locator('input[name="password"]').fill(demoPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 30_000 });
}

/** An API call with the page's cookies and the CSRF header. */
export async function call(page, method, url, data) {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  const res = await page.request.fetch(url, {
    method, data, headers: { 'Accept-Language': 'ko', ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}) },
  });
  const text = await res.text();
  let body = null;
  try { body = JSON.parse(text); } catch { body = text; }
  return { status: res.status(), body };
}

/**
 * Through the API, as the signed-in page's user: an application to the
 * free ARTS01 round (or another school's round 1, or round seq, and major)
 * with its part and basic info (korName) saved.
 */
export async function createApplication(page, { korName = '김하늘', school = 'ARTS01', major = 'DR01', seq = 1 } = {}) {
  const applNo = await createPart(page, school, major, seq);
  const basis = await call(page, 'POST', `/apply/api-auth/appl/basis/${applNo}`, {
    applicantInfo: {
      gend: 'F', korName, engName: 'KIM HANEUL', nationality: '410', birthDate: '1998-03-01',
      residentNoLast: '2345678', address: '서울특별시 서대문구 이화여대길 52', addressDetail: '101호', postCode: '03760',
      phone: '02-123-4567', mobile: '010-1234-5678', email: 'haneul@example.com',
      emergencyContact: { name: '김부모', relation: '모', phone: '010-2222-3333' },
    },
  });
  if (basis.status !== 200) throw new Error(`basis: ${basis.status} ${JSON.stringify(basis.body)}`);
  return applNo;
}

/**
 * Through the API, as the signed-in page's user: a submitted application
 * to the paid demo round of school 236 (KRW 80,000, USD 65.00). The form's
 * steps are other tests' concern: the status is set with SQL.
 */
export async function submittedPaidApplication(page) {
  const applNo = await createPart(page, '236', 'DC01');
  sql(`UPDATE application SET status = 'SUBMIT' WHERE appl_no = ${Number(applNo)}`);
  return applNo;
}

/** The newest mail to an address whose decoded body contains text. */
export async function mailTo(to, text) {
  const dir = process.env.E2E_MAIL_DIR;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse()) {
      const eml = readFileSync(join(dir, f), 'utf8');
      if (!eml.includes(to)) continue;
      const body = decodeBody(eml);
      if (body.includes(text)) return body;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} containing ${text}`);
}

/** Through the API: an application to a school's demo round (round 1, or round seq) with its part chosen; answers applNo. */
export async function createPart(page, school, major, seq = 1) {
  const year = await roundYear(school, seq);
  const r = await call(page, 'GET', `/apply/api/recruit?schoolCode=${school}&enterYear=${year}&partSeq=${seq}`);
  if (r.status !== 200) throw new Error(`${school} round: ${r.status}`);
  const round = r.body;
  const part = {
    applPartRequestList: [{ schoolCode: school, enterYear: year, recruitPartSeq: seq, majorCode: major, isMaster: true,
      isGeneralType: true, stayTypeCode: '00001', categoryCode: round.categories[0].code }],
    consents: Object.fromEntries(round.consents.map((c) => [c.code, c.version])),
  };
  if (round.partSurvey?.length) part.surveyRequest = { answers: [{ questionCode: 'p1', itemCode: '01', inputType: 'radio' }] };
  const created = await call(page, 'POST', '/apply/api-auth/appl/part', part);
  if (created.status !== 201) throw new Error(`part: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.applNo;
}

/**
 * What axe-core finds on the page once it is idle (MUI transitions
 * settled): one line per rule with the elements, empty when nothing.
 */
export async function axeViolations(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(300);
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations.map((v) => `${v.id} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')})`);
}

/** A yyyy-MM-dd day n days from today in Seoul. */
export const day = (n) => new Date(Date.now() + 9 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);

/** Types a day into the MUI date field named source (year, month, day sections). */
export async function typeDay(page, source, value) {
  const root = page.locator(`input[name="${source}"]`).locator('xpath=..');
  await root.locator('[role="spinbutton"]').first().click();
  await page.keyboard.type(value.replaceAll('-', ''), { delay: 20 });
  await page.keyboard.press('Tab');
}

/**
 * A round of school 236 of the test's own (sequence seq), open for
 * applying now, with one master's part of major: decisions and releases
 * cannot be undone, and test files on one worker share a database, so a
 * file that releases results works on a round of its own. Created through
 * the staff API by staff (a school admin of 236); the windows are moved to
 * have started an hour ago (the API takes days from tomorrow). Answers its
 * id (236-year-seq) and year.
 */
export async function openTestRound(staff, { seq, major, korName, engName }) {
  const year = await roundYear('236');
  const created = await call(staff, 'POST', '/apply/api-auth/admin/recruit-parts', {
    schoolCode: '236', enterYear: year, recruitPartSeq: seq, korName, engName,
    feeKrw: 80000, feeUsd: 6500, payTypes: ['card'], applIdRule: `R${seq}{SEQ:3}`,
    windows: [{ type: 'SUBMIT', startDay: day(1), endDay: day(20) }, { type: 'COMPLETE', startDay: day(1), endDay: day(21) }],
    parts: [{ majorCode: major, isMaster: true }],
  });
  if (created.status !== 201) throw new Error(`round 236-${year}-${seq}: ${created.status} ${JSON.stringify(created.body)}`);
  sql(`UPDATE recruit_window SET starts_at = now() - interval '1 hour' WHERE school_code = '236' AND recruit_part_seq = ${seq}`);
  for (let i = 0; ; i++) { // the round reference data is cached for a short while
    const r = await call(staff, 'GET', `/apply/api/recruit?schoolCode=236&enterYear=${year}&partSeq=${seq}`);
    if (r.body?.submitOpen) break;
    if (i >= 60) throw new Error(`the round 236-${year}-${seq} does not open: ${JSON.stringify(r.body)}`);
    await staff.waitForTimeout(500);
  }
  return { id: `236-${year}-${seq}`, year };
}

// ---- an application filled and paid through the applicant's own API ------

const answered = (r, what, status = 200) => {
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

/** A 2x2 PNG that decodes (padding after its end is allowed), and a tiny PDF. */
export const pngHead = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAF0lEQVR4nGKRt8pgYGBgYgADQAAAAP//CRcAyGlrjcYAAAAASUVORK5CYII=', 'base64');
export const tinyPDF = Buffer.from('%PDF-1.4\n%test document\n');

/** A document uploaded as the applicant's page sends it (multipart, with the CSRF header). */
export async function uploadDocument(page, applNo, itemCode, name, bytes, type) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const status = await page.evaluate(async ({ applNo, itemCode, name, bytes, type, xsrf }) => {
    const form = new FormData();
    form.append('request', new Blob([JSON.stringify({ itemCode })], { type: 'application/json' }));
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const r = await fetch(`/apply/api-auth/appl/doc/upload/${applNo}`, { method: 'POST', body: form, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
    return r.status;
  }, { applNo, itemCode, name, bytes: [...bytes], type, xsrf });
  if (status !== 200) throw new Error(`upload ${name}: ${status}`);
}

/**
 * Every step of an application to a round of 236 (the demo round and
 * major DC01 unless seq and major are given) saved
 * through the applicant's API as its pages save them, the required
 * documents uploaded, the survey answered, then submitted: SUBMIT, to pay.
 * korName and the first essay may be given; highSchool adds a second
 * academic record. Answers the application number, year and category.
 */
export async function applyThroughAPI(page, { korName = '김하늘', essay = 'I grew up in Seoul and studied politics.', highSchool = false, seq = 1, major = 'DC01' } = {}) {
  const year = await roundYear('236');
  const round = answered(await call(page, 'GET', `/apply/api/recruit?schoolCode=236&enterYear=${year}&partSeq=${seq}`), 'round');
  const consents = Object.fromEntries(round.consents.map((c) => [c.code, c.version]));
  const category = round.categories[0].code;
  const part = {
    applPartRequestList: [{ schoolCode: '236', enterYear: year, recruitPartSeq: seq, majorCode: major, isMaster: true,
      isGeneralType: true, stayTypeCode: '00001', categoryCode: category }],
    consents,
  };
  if (round.partSurvey?.length) part.surveyRequest = { answers: [{ questionCode: 'p1', itemCode: '01', inputType: 'radio' }] };
  const applNo = answered(await call(page, 'POST', '/apply/api-auth/appl/part', part), 'part', 201).applNo;
  const step = async (path, body) => answered(await call(page, 'POST', `/apply/api-auth/appl/${path}/${applNo}`, body), path);
  await step('basis', { applicantInfo: {
    gend: 'F', korName, engName: 'KIM HANEUL', nationality: '410', birthDate: '1998-03-01',
    residentNoLast: '2345678', address: '서울특별시 서대문구 이화여대길 52', addressDetail: '101호', postCode: '03760',
    phone: '02-123-4567', mobile: '010-1234-5678', email: 'haneul@example.com',
    emergencyContact: { name: '김부모', relation: '모', phone: '010-2222-3333' },
    maritalStatus: '00001', childNum: '0',
    familyList: [{ relation: '00002', name: '이어머니', nationality: '410', birthDate: '1970-05-05' }],
  } });
  const acadList = [
    { acadType: 'univ', schoolCode: '101', countryCode: '410', city: 'Seoul', college: '사회과학대학', major: '정치외교학',
      department: '정치외교학과', acadFinal: true, enterDay: '2016-03-02', graduateDay: '2020-02-20', graduationStatus: '00001',
      degreeNo: '2020-1234', degreeCourse: '00001', degreeLevel: '00001', credits: '130', gradeForm: '00001', fullScore: '4.50',
      gpa: '3.85', studentId: '2016123456' },
  ];
  if (highSchool) {
    acadList.push({ acadType: 'high', schoolCode: '999', searchSchoolName: 'Hanbit High School', countryCode: '410', acadFinal: false,
      enterDay: '2013-03-02', graduateDay: '2016-02-10', graduationStatus: '00001', gradeForm: '00002', fullScore: '100', gpa: '92' });
  }
  await step('acad', { acadList });
  await step('lang', { partLanguages: [{ langExamCode: '00001', score: '105', examDay: '2026-05-10', expiryDay: '2028-05-10' }] });
  await step('career', { careerList: [{ companyName: '한빛전자', description: '해외영업', compType: '00001', employmentType: '00001',
    department: '영업부', position: '대리', joinDay: '2020-03-02', currentYn: true }] });
  await step('add-info', { essays: [
    { no: 1, lang: 'en', text: essay },
    { no: 2, lang: 'ko', text: '국제개발협력 분야를 공부하고 싶습니다.' },
    { no: 3, lang: 'en', text: 'After graduation I will work for an international organisation.' },
  ] });
  await uploadDocument(page, applNo, '00001', 'photo.png', Buffer.concat([pngHead, Buffer.alloc(100)]), 'image/png');
  await uploadDocument(page, applNo, '00002', 'diploma.pdf', tinyPDF, 'application/pdf');
  await uploadDocument(page, applNo, '00003', '성적증명서.pdf', tinyPDF, 'application/pdf');
  answered(await call(page, 'POST', `/apply/api-auth/appl/doc/save/${applNo}`), 'documents saved');
  const survey = answered(await call(page, 'GET', `/apply/api-auth/survey/${applNo}`), 'survey');
  const answers = survey.questions.map((q) => (q.items?.length
    ? { questionCode: q.questionCode, inputType: q.inputType, itemCode: q.items[0].itemCode }
    : { questionCode: q.questionCode, inputType: q.inputType, answer: 'text' }));
  answered(await call(page, 'POST', '/apply/api-auth/survey/save', { applNo, answers }), 'survey saved');
  const done = answered(await call(page, 'POST', `/apply/api-auth/appl/submit/${applNo}`, { consents }), 'submit');
  if (done.status !== 'SUBMIT') throw new Error(`submit: ${JSON.stringify(done)}`);
  return { applNo, year, category };
}

/**
 * Pays an application from /list by card in the test gateway (its approve
 * button named approve, in the page's language) and answers the exam
 * number and the payment id.
 */
export async function payByCardOnList(page, applNo, approve = '결제 승인') {
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: 30_000 });
  await row.getByTestId('appl-action-pay').click();
  await page.getByTestId('pay-type-card').click();
  await page.getByTestId('pay-submit').click();
  await page.waitForURL('**/testpg/pay/**', { timeout: 30_000 });
  const paymentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('button', { name: approve }).click();
  const exam = page.getByTestId('completion-exam-number');
  await exam.waitFor({ timeout: 30_000 });
  return { applId: (await exam.innerText()).trim(), paymentId };
}
