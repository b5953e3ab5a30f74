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
import { launch, newPage, freshApplicant, login, applyThroughAPI, payByCardOnList } from './helpers.mjs';
import { workbookSheets, excelDateText } from './xlsx.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
const ok = (r, what, status = 200) => {
  assert.equal(r.status, status, `${what}: ${JSON.stringify(r.body)}`);
  return r.body;
};
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
  const { applNo, year, category } = await applyThroughAPI(applicant);
  const { applId } = await payByCardOnList(applicant, applNo);
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
