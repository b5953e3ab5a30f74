// Issue 23 item 1, the reader, in Korean and in English: two applicants of
// school 236 fill every step through the applicant's API (with documents);
// one pays by card in the test gateway (COMPLETE), the other is left
// submitted. The school's admin searches the list for them, opens the paid
// one, reads every step with names where codes are stored (nationality,
// language test), sees a document previewed in the page (its address
// answers 200 inline), the consents with their versions, the money, the
// review history and the trail, finds nothing for axe, and goes on to the
// next application of the list with the keyboard. At 375 px the page fits.
// Every state comes from what people do: no SQL sets it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { launch, newPage, call, freshApplicant, login, roundYear, axeViolations } from './helpers.mjs';

let browser;
after(async () => { await browser?.close(); });

const T = 30_000;
const shots = process.env.E2E_SHOTS;

const L = {
  ko: {
    sections: ['지원 사항', '기본 정보', '비상 연락처', '학력', '어학 성적', '경력', '에세이', '설문', '제출 서류', '동의 사항'],
    nation: '대한민국', nationLabel: '국적', testLabel: '시험', version: '버전', status: '접수 완료', paid: '결제 완료',
    next: '다음 지원서', position: (n, total) => `목록의 ${n}번째 / 전체 ${total}건`, read: '열람',
  },
  en: {
    sections: ['Application', 'Basic information', 'Emergency contact', 'Academic history', 'Language scores', 'Career', 'Essays', 'Survey',
      'Documents', 'Consents'],
    nation: 'Republic of Korea', nationLabel: 'Nationality', testLabel: 'Test', version: 'version', status: 'Application complete', paid: 'Paid',
    next: 'Next application', position: (n, total) => `${n} of ${total} in the list`, read: 'Read',
  },
};
// Codes the pages must never show (as admin-names.test.mjs).
const RAW = /\b(0000[1-9]|SUBMIT|COMPLETE|APPL_PART_SAVE|BASIS_SAVE|ACAD_SAVE|LANG_SAVE|ROLE_[A-Z_]+|410)\b/;

const pngHead = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAF0lEQVR4nGKRt8pgYGBgYgADQAAAAP//CRcAyGlrjcYAAAAASUVORK5CYII=', 'base64');
const pdf = Buffer.from('%PDF-1.4\n%test document\n');

const ok = (r, what, status = 200) => {
  assert.equal(r.status, status, `${what}: ${JSON.stringify(r.body)}`);
  return r.body;
};

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

/** Every step of an application to 236's demo round saved through the applicant's API, then submitted. */
async function submittedApplication(page, korName) {
  const year = await roundYear('236');
  const round = ok(await call(page, 'GET', `/apply/api/recruit?schoolCode=236&enterYear=${year}&partSeq=1`), 'round');
  const consents = Object.fromEntries(round.consents.map((c) => [c.code, c.version]));
  const part = {
    applPartRequestList: [{ schoolCode: '236', enterYear: year, recruitPartSeq: 1, majorCode: 'DC01', isMaster: true,
      isGeneralType: true, stayTypeCode: '00001', categoryCode: round.categories[0].code }],
    consents,
  };
  if (round.partSurvey?.length) part.surveyRequest = { answers: [{ questionCode: 'p1', itemCode: '01', inputType: 'radio' }] };
  const applNo = ok(await call(page, 'POST', '/apply/api-auth/appl/part', part), 'part', 201).applNo;
  const step = async (path, body) => ok(await call(page, 'POST', `/apply/api-auth/appl/${path}/${applNo}`, body), path);
  await step('basis', { applicantInfo: {
    gend: 'F', korName, engName: 'KIM HANEUL', nationality: '410', birthDate: '1998-03-01',
    residentNoLast: '2345678', address: '서울특별시 서대문구 이화여대길 52', addressDetail: '101호', postCode: '03760',
    phone: '02-123-4567', mobile: '010-1234-5678', email: 'haneul@example.com',
    emergencyContact: { name: '김부모', relation: '모', phone: '010-2222-3333' },
    maritalStatus: '00001', childNum: '0',
  } });
  await step('acad', { acadList: [
    { acadType: 'univ', schoolCode: '101', countryCode: '410', city: 'Seoul', college: '사회과학대학', major: '정치외교학',
      department: '정치외교학과', acadFinal: true, enterDay: '2016-03-02', graduateDay: '2020-02-20', graduationStatus: '00001',
      degreeNo: '2020-1234', degreeCourse: '00001', degreeLevel: '00001', credits: '130', gradeForm: '00001', fullScore: '4.50',
      gpa: '3.85', studentId: '2016123456' },
  ] });
  await step('lang', { partLanguages: [{ langExamCode: '00001', score: '105', examDay: '2026-05-10', expiryDay: '2028-05-10' }] });
  await step('career', { careerList: [{ companyName: '한빛전자', description: '해외영업', compType: '00001', employmentType: '00001',
    department: '영업부', position: '대리', joinDay: '2020-03-02', currentYn: true }] });
  await step('add-info', { essays: [
    { no: 1, lang: 'en', text: 'I grew up in Seoul and studied politics.' },
    { no: 2, lang: 'ko', text: '국제개발협력 분야를 공부하고 싶습니다.' },
    { no: 3, lang: 'en', text: 'After graduation I will work for an international organisation.' },
  ] });
  await upload(page, applNo, '00001', 'photo.png', Buffer.concat([pngHead, Buffer.alloc(100)]), 'image/png');
  await upload(page, applNo, '00002', 'diploma.pdf', pdf, 'application/pdf');
  await upload(page, applNo, '00003', '성적증명서.pdf', pdf, 'application/pdf');
  ok(await call(page, 'POST', `/apply/api-auth/appl/doc/save/${applNo}`), 'documents saved');
  const survey = ok(await call(page, 'GET', `/apply/api-auth/survey/${applNo}`), 'survey');
  const answers = survey.questions.map((q) => (q.items?.length
    ? { questionCode: q.questionCode, inputType: q.inputType, itemCode: q.items[0].itemCode }
    : { questionCode: q.questionCode, inputType: q.inputType, answer: 'text' }));
  ok(await call(page, 'POST', '/apply/api-auth/survey/save', { applNo, answers }), 'survey saved');
  const submitted = ok(await call(page, 'POST', `/apply/api-auth/appl/submit/${applNo}`, { consents }), 'submit');
  assert.equal(submitted.status, 'SUBMIT');
  // The language test's names, as the applicant's step lists them.
  const lang = ok(await call(page, 'GET', `/apply/api-auth/appl/lang/${applNo}`), 'lang');
  const exam = lang.languageExams.find((x) => x.code === '00001');
  return { applNo, exam };
}

/** Pays from /list by card in the test gateway (Korean pages): COMPLETE with an exam number. */
async function payByCard(page, applNo) {
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  await row.getByTestId('appl-action-pay').click();
  await page.getByTestId('pay-type-card').click();
  await page.getByTestId('pay-submit').click();
  await page.waitForURL('**/testpg/pay/**', { timeout: T });
  await page.getByRole('button', { name: '결제 승인' }).click();
  const exam = page.getByTestId('completion-exam-number');
  await exam.waitFor({ timeout: T });
  return (await exam.innerText()).trim();
}

// Two applicants whose ids share a prefix, so one search lists exactly them.
const prefix = `rd${randomBytes(2).toString('hex')}`;
let paid; // { applNo, exam, applId }
let other; // the submitted one, older: next after the paid one (newest first)

before(async () => {
  browser = await launch();
  for (const which of ['other', 'paid']) {
    const page = await newPage(browser);
    const { userId } = freshApplicant(prefix);
    await login(page, userId);
    const made = await submittedApplication(page, which === 'paid' ? '김하늘' : '이다음');
    if (which === 'paid') paid = { ...made, applId: await payByCard(page, made.applNo) };
    else other = made;
    await page.context().close();
  }
});

/** The school admin's list searched for the two applicants, then the paid application opened from it. */
async function openFromList(page) {
  await page.goto('/sysadmin/applications');
  const answered = page.waitForResponse((r) => r.url().includes('/admin/applications?') && decodeURIComponent(r.url()).includes(prefix), { timeout: T });
  await page.getByTestId('applications-search').fill(prefix);
  await answered;
  const rows = page.getByTestId('applications-table').locator('tbody tr');
  await rows.filter({ hasText: '이다음' }).waitFor({ timeout: T });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="applications-table"] tbody tr').length === 2, null, { timeout: T });
  await rows.filter({ hasText: '김하늘' }).first().click();
  await page.waitForURL(`**/applications/${paid.applNo}/show`, { timeout: T });
  await page.getByTestId('reader-section-basic-information').waitFor({ timeout: T });
}

for (const locale of ['ko', 'en']) {
  const t = L[locale];
  test(`${locale}: a school admin reads a whole application, previews a document and moves on by keyboard`, async () => {
    const page = await newPage(browser, { locale });
    await login(page, 'schooladmin');
    await openFromList(page);

    // Every step, in the page's language, in the form's order.
    const titles = await page.locator('[data-testid^="reader-section-"] h2').allInnerTexts();
    assert.deepEqual(titles.filter((x) => t.sections.includes(x)), t.sections, 'the steps in order');
    const basic = page.getByTestId('reader-section-basic-information');
    assert.match(await basic.innerText(), new RegExp(`${t.nationLabel}\\s+${t.nation}`), 'the nationality by name');
    const lang = await page.getByTestId('reader-section-language-scores').innerText();
    const examName = locale === 'ko' ? paid.exam.korName : paid.exam.engName || paid.exam.korName;
    assert.ok(lang.includes(`${t.testLabel}\n${examName}`) || lang.includes(`${t.testLabel}\t${examName}`) || lang.includes(examName), `the test by name (${examName}): ${lang}`);
    assert.match(await page.getByTestId('reader-section-essays').innerText(), /I grew up in Seoul and studied politics\./);
    assert.match(await page.getByTestId('reader-section-application').innerText(), new RegExp(t.status));
    assert.match(await page.getByTestId('reader-section-consents').innerText(), new RegExp(t.version));
    assert.match(await page.getByTestId('reader-section-academic-history').innerText(), /정치외교학과/);
    const shown = (await page.locator('[data-testid^="reader-section-"]').allInnerTexts()).join('\n');
    assert.deepEqual(shown.split('\n').filter((l) => RAW.test(l)), [], 'no code in the steps');

    // The money, the trail (this read), the PDF link.
    assert.equal((await page.getByTestId('money-state').innerText()).trim(), t.paid);
    await page.getByTestId('reader-trail-list').getByText(t.read).first().waitFor({ timeout: T });
    assert.equal(await page.getByTestId('reader-pdf').getAttribute('href'), `/apply/api-auth/appl/print/${paid.applNo}`);

    // A document previewed in the page; its address answers 200, inline.
    const preview = page.getByTestId('reader-preview').first();
    await preview.waitFor({ timeout: T });
    const src = await preview.getAttribute('src');
    assert.match(src, /[?&]inline=1$/);
    const res = await page.request.get(src);
    assert.equal(res.status(), 200, `preview ${src}`);
    assert.match(res.headers()['content-disposition'] ?? '', /^inline;/);

    assert.deepEqual(await axeViolations(page), [], 'axe on the reader');
    if (shots) await page.screenshot({ path: `${shots}/reader-${locale}.png`, fullPage: true });

    // A PDF opens in a frame of the page, served inline.
    await page.getByTestId('doc-00002-preview').click();
    const frame = page.locator('iframe[data-testid="reader-preview"]');
    await frame.waitFor({ timeout: T });
    const pdfRes = await page.request.get(await frame.getAttribute('src'));
    assert.equal(pdfRes.status(), 200, 'the PDF preview');
    assert.equal(pdfRes.headers()['content-type'], 'application/pdf');
    assert.equal(pdfRes.headers()['x-frame-options'], 'SAMEORIGIN');

    // The next application of the list, by keyboard (j), not while typing.
    const position = page.getByTestId('reader-position');
    assert.equal((await position.innerText()).trim(), t.position(1, 2));
    await page.getByTestId('reader-nav').getByRole('button', { name: t.next }).waitFor({ timeout: T });
    await position.click(); // focus in the page, outside any field
    await page.keyboard.press('j');
    await page.waitForURL(`**/applications/${other.applNo}/show`, { timeout: T });
    await page.getByTestId('reader-section-basic-information').filter({ hasText: '이다음' }).waitFor({ timeout: T });
    await position.filter({ hasText: t.position(2, 2) }).waitFor({ timeout: T });
    await page.keyboard.press('k');
    await page.waitForURL(`**/applications/${paid.applNo}/show`, { timeout: T });
    await page.getByTestId('reader-section-basic-information').filter({ hasText: '김하늘' }).waitFor({ timeout: T });
    await page.context().close();
  });
}

test('the seed path opens the reader, and it fits 375 px', async () => {
  const page = await newPage(browser, { mobile: true });
  await login(page, 'schooladmin');
  await page.goto(`/sysadmin/appl/basic/${paid.applNo}`);
  await page.waitForURL(`**/applications/${paid.applNo}/show`, { timeout: T });
  await page.getByTestId('reader-section-basic-information').waitFor({ timeout: T });
  await page.getByTestId('reader-preview').first().waitFor({ timeout: T });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 1, `the reader fits 375 px (${overflow}px wider)`);
  assert.deepEqual(await axeViolations(page), [], 'axe on the reader at 375 px');
  if (shots) await page.screenshot({ path: `${shots}/reader-375.png`, fullPage: true });
  await page.context().close();
});
