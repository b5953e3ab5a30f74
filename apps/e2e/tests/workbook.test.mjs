// Issue 23 item 5, "Done when": the workbook, opened by a test, has no code
// where a name exists and Seoul times. An applicant fills an application of
// school 236 through the API its pages call and pays by card in the test
// gateway; the school admin downloads the workbook and the documents ZIP
// from the export panel of the application list (in Korean), and the test
// reads them: sheets by section, names for codes, real dates in Seoul time,
// a folder per applicant with the application PDF, entries dated today.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, call, freshApplicant, login, roundYear } from './helpers.mjs';
import { workbookSheets, excelDateText } from './xlsx.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
const ok = (r, what, status = 200) => {
  assert.equal(r.status, status, `${what}: ${JSON.stringify(r.body)}`);
  return r.body;
};
const pngHead = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAF0lEQVR4nGKRt8pgYGBgYgADQAAAAP//CRcAyGlrjcYAAAAASUVORK5CYII=', 'base64');
const pdf = Buffer.from('%PDF-1.4\n%test document\n');

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

/** Every step of 236's round saved as the applicant's pages save them, then submitted. */
async function submitted(page) {
  const year = await roundYear('236');
  const round = ok(await call(page, 'GET', `/apply/api/recruit?schoolCode=236&enterYear=${year}&partSeq=1`), 'round');
  const consents = Object.fromEntries(round.consents.map((c) => [c.code, c.version]));
  const category = round.categories[0].code;
  const part = {
    applPartRequestList: [{ schoolCode: '236', enterYear: year, recruitPartSeq: 1, majorCode: 'DC01', isMaster: true,
      isGeneralType: true, stayTypeCode: '00001', categoryCode: category }],
    consents,
  };
  if (round.partSurvey?.length) part.surveyRequest = { answers: [{ questionCode: 'p1', itemCode: '01', inputType: 'radio' }] };
  const applNo = ok(await call(page, 'POST', '/apply/api-auth/appl/part', part), 'part', 201).applNo;
  const step = async (path, body) => ok(await call(page, 'POST', `/apply/api-auth/appl/${path}/${applNo}`, body), path);
  await step('basis', { applicantInfo: {
    gend: 'F', korName: '김하늘', engName: 'KIM HANEUL', nationality: '410', birthDate: '1998-03-01',
    residentNoLast: '2345678', address: '서울특별시 서대문구 이화여대길 52', addressDetail: '101호', postCode: '03760',
    phone: '02-123-4567', mobile: '010-1234-5678', email: 'haneul@example.com',
    emergencyContact: { name: '김부모', relation: '모', phone: '010-2222-3333' },
    maritalStatus: '00001', childNum: '0',
    familyList: [{ relation: '00002', name: '이어머니', nationality: '410', birthDate: '1970-05-05' }],
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
  assert.equal(ok(await call(page, 'POST', `/apply/api-auth/appl/submit/${applNo}`, { consents }), 'submit').status, 'SUBMIT');
  return { applNo, year, category };
}

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

/** Downloads one export from the panel of the application list: its bytes. */
async function download(admin, year, button) {
  await admin.goto('/sysadmin/applications');
  await admin.getByTestId('export-panel').waitFor({ timeout: T });
  await admin.getByTestId('export-round').selectOption(`236-${year}-1`);
  const [file] = await Promise.all([admin.waitForEvent('download', { timeout: 120_000 }), admin.getByTestId(button).click()]);
  return readFileSync(await file.path());
}

/** The names and DOS modification dates of a ZIP's entries, from its central directory. */
function zipEntries(buf) {
  let p = buf.length - 22;
  while (p >= 0 && buf.readUInt32LE(p) !== 0x06054b50) p--;
  const count = buf.readUInt16LE(p + 10);
  p = buf.readUInt32LE(p + 16);
  const out = [];
  for (let i = 0; i < count; i++) {
    const time = buf.readUInt16LE(p + 12);
    const date = buf.readUInt16LE(p + 14);
    const nameLen = buf.readUInt16LE(p + 28);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const pad = (n) => String(n).padStart(2, '0');
    out.push({ name, modified: `${(date >> 9) + 1980}-${pad((date >> 5) & 15)}-${pad(date & 31)} ${pad(time >> 11)}:${pad((time >> 5) & 63)}` });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}

test('the workbook names every code and keeps Seoul times; the ZIP has a dated folder per applicant', async () => {
  const who = freshApplicant('wbook');
  const applicant = await newPage(browser, { locale: 'ko' });
  await login(applicant, who.userId);
  const { applNo, year, category } = await submitted(applicant);
  const applId = await payByCard(applicant, applNo);
  const seoulNow = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
  const paidAround = seoulNow();

  const admin = await newPage(browser, { locale: 'ko' });
  await login(admin, 'schooladmin');
  const sheets = workbookSheets(await download(admin, year, 'export-excel'));
  assert.deepEqual([...sheets.keys()], ['지원자', '기본 정보', '학력', '어학 성적', '경력', '자격 및 수상', '에세이', '추가 정보', '가족',
    '설문 응답', '제출 서류', '결제', '동의 사항']);

  // No cell of any sheet holds a code the lists name.
  const codes = new Set(['COMPLETE', '410', 'DC01', category, '00001', '00002', 'card', 'F']);
  for (const [name, rows] of sheets) {
    rows.forEach((row, i) => row.forEach((c, j) => {
      if (i > 0 && j === 0) return; // the exam number itself
      assert.ok(!codes.has(c.text), `${name} ${rows[0][j]?.text} holds the code ${c.text}`);
    }));
  }
  const byHead = (rows, row) => Object.fromEntries(rows[0].map((h, i) => [h.text, row[i] ?? { text: '', format: '' }]));
  const summary = sheets.get('지원자');
  const mine = summary.find((r) => r[0]?.text === applId);
  assert.ok(mine, `the applicants sheet has ${applId}`);
  const row = byHead(summary, mine);
  assert.equal(row['상태'].text, '접수 완료');
  assert.equal(row['국적'].text, '대한민국');
  assert.equal(row['결제 수단'].text, '신용카드');
  assert.match(row['어학 성적'].text, /^토플 105/);
  assert.ok(row['전공'].text && row['전형'].text, 'major and category by name');
  // The completion is a real date, shown yyyy-mm-dd hh:mm, in Seoul time.
  assert.equal(row['접수 완료'].format, 'yyyy-mm-dd hh:mm');
  const completed = excelDateText(row['접수 완료'].text);
  assert.ok(Math.abs(new Date(completed + 'Z') - new Date(paidAround + 'Z')) <= 5 * 60_000, `completed ${completed} near ${paidAround}`);
  // Each section sheet keys its rows by the exam number.
  for (const name of ['기본 정보', '학력', '어학 성적', '경력', '에세이', '추가 정보', '가족', '설문 응답', '제출 서류', '결제', '동의 사항']) {
    const rows = sheets.get(name);
    assert.equal(rows[0][0].text, '수험번호', `${name} starts with the exam number`);
    assert.ok(rows.some((r) => r[0]?.text === applId && r[1]?.text === String(applNo)), `${name} has rows of ${applId}`);
  }
  const basic = byHead(sheets.get('기본 정보'), sheets.get('기본 정보').find((r) => r[0]?.text === applId));
  assert.equal(basic['생년월일'].format, 'yyyy-mm-dd');
  assert.equal(excelDateText(basic['생년월일'].text), '1998-03-01 00:00');
  assert.equal(basic['성별'].text, '여성');

  // The documents: a folder named by exam number and name, the application PDF in it, every entry dated today.
  const entries = zipEntries(await download(admin, year, 'export-zip'));
  const folder = entries.filter((e) => e.name.startsWith(`${applId} 김하늘/`));
  assert.ok(folder.some((e) => e.name === `${applId} 김하늘/지원서-${applId}.pdf`), `the application PDF in ${JSON.stringify(folder)}`);
  assert.ok(folder.length >= 4, 'the PDF beside the three documents');
  for (const e of folder) assert.equal(e.modified.slice(0, 10), paidAround.slice(0, 10), `${e.name} dated ${e.modified}`);
});
