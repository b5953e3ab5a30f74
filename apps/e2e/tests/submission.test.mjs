// Browser end-to-end tests of issue 5 (documents, submission, exam number, slip):
// an applicant of the free demo round (ARTS01, fee 0) uploads an image and
// PDFs watching the progress, meets the refusals (renamed executable, 0-byte
// file, a name over 40 characters, an oversized image) with their messages,
// deletes a document and sees the status go back, submits, completes the free
// round, finds the exam number in /list and downloads the slip, whose text
// (pdftotext) holds the exam number and the Korean name.
//
// The earlier form steps are issue 4's and have their own tests: they are
// prepared through the API (part, basic info) and the step pointer is moved
// with SQL, as the server's component tests do (setStatus).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, newPage, demoPassword, sql, call, createApplication, freshApplicant, login } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
const tmp = mkdtempSync(join(tmpdir(), 'gradapply-e2e-sub-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

// A 2x2 PNG that decodes (uploads decode images); padding after its end is allowed.
const pngHead = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAF0lEQVR4nGKRt8pgYGBgYgADQAAAAP//CRcAyGlrjcYAAAAASUVORK5CYII=', 'base64');
const png = (size) => Buffer.concat([pngHead, Buffer.alloc(size - pngHead.length)]);
const pdf = (size = 2048) => Buffer.concat([Buffer.from('%PDF-1.4\n%test document\n'), Buffer.alloc(Math.max(0, size - 24), 0x20)]);
const exe = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), Buffer.alloc(600)]);


/** A free-round application with its part and basic info saved, its pointer moved to ADD_INFO_SAVE. */
async function prepareFreeApplication(page) {
  const applNo = await createApplication(page);
  sql(`UPDATE application SET status = 'ADD_INFO_SAVE' WHERE appl_no = ${Number(applNo)}`);
  return applNo;
}

async function openFromList(page, applNo, action) {
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  await row.getByTestId(`appl-action-${action}`).click();
}

/** Choose a file for an item and wait for the upload answer (or none when the client refuses first). */
async function choose(page, id, name, buffer, mimeType) {
  await page.getByTestId(`doc-input-${id}`).setInputFiles({ name, mimeType, buffer });
}

async function uploadOk(page, id, name, buffer, mimeType) {
  const res = page.waitForResponse((r) => r.url().includes('/appl/doc/upload/') && r.request().method() === 'POST', { timeout: T });
  await choose(page, id, name, buffer, mimeType);
  assert.equal((await res).status(), 200, `${name} should upload`);
  await page.getByTestId(`doc-file-${id}`).filter({ hasText: name }).waitFor({ timeout: T });
  const bar = page.getByTestId(`doc-progress-${id}`);
  assert.equal(await bar.getAttribute('data-progress'), '100', `${id} progress reaches 100`);
}

async function refusal(page, id, pattern) {
  const box = page.getByTestId(`doc-error-${id}`);
  await box.waitFor({ timeout: T });
  const text = (await box.innerText()).trim();
  assert.match(text, pattern, `message at ${id}`);
  return text;
}

async function panelStatus(page, status) {
  await page.locator(`[data-testid="documents-panel"][data-status="${status}"]`).waitFor({ timeout: T });
}

test('ko: documents with progress and refusals, delete, submit, free completion, exam number in the list, slip with the number and the Korean name', async () => {
  const page = await newPage(browser, { locale: 'ko', mobile: true });
  await login(page, freshApplicant('sub').userId);
  const applNo = await prepareFreeApplication(page);

  // the documents step of the form
  await openFromList(page, applNo, 'edit');
  await page.getByTestId('form-step-FILE_SAVE').click();
  await page.getByTestId('documents-panel').waitFor({ timeout: T });
  await panelStatus(page, 'ADD_INFO_SAVE');
  assert.match(await page.getByTestId('doc-rules-00001').innerText(), /png|jpg/i, 'allowed formats are shown');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), true, 'no sideways scroll at 375 px');

  // every progress value the bars show, as they change
  await page.evaluate(() => {
    window.__progress = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid^="doc-progress-"]')) window.__progress.push(`${el.dataset.testid}:${el.dataset.progress}`);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-progress'] });
  });

  // refusals, each with its message at the item
  await choose(page, '00002', 'setup.pdf', exe, 'application/pdf');
  await refusal(page, '00002', /파일 내용이 확장자와 맞지 않습니다/);
  await choose(page, '00002', 'empty.pdf', Buffer.alloc(0), 'application/pdf');
  await refusal(page, '00002', /빈 파일은 올릴 수 없습니다/);
  await choose(page, '00002', `${'a'.repeat(41)}.pdf`, pdf(), 'application/pdf');
  await refusal(page, '00002', /40자 이하/);
  await choose(page, '00001', 'photo.png', png(3 * 1024 * 1024 + 64), 'image/png');
  await refusal(page, '00001', /파일이 너무 큽니다/);
  await choose(page, '00003', 'transcript.exe', pdf(), 'application/octet-stream');
  await refusal(page, '00003', /허용되지 않는 파일 형식/);

  // an image and PDFs upload, the bars reach 100 %
  await uploadOk(page, '00001', 'photo.png', png(200 * 1024), 'image/png');
  await uploadOk(page, '00002', 'diploma.pdf', pdf(2 * 1024 * 1024), 'application/pdf');
  await uploadOk(page, '00003', '성적증명서.pdf', pdf(4096), 'application/pdf');
  const seen = await page.evaluate(() => window.__progress);
  assert.ok(seen.some((s) => s.startsWith('doc-progress-00001:')), `image progress seen: ${seen.join(' ')}`);
  assert.ok(seen.some((s) => s === 'doc-progress-00002:100'), `pdf progress seen: ${seen.join(' ')}`);
  assert.equal(await page.getByTestId('doc-error-00002').count(), 0, 'the refusal is gone after a good upload');

  // the step is saved: FILE_SAVE
  await page.getByTestId('documents-save').click();
  await panelStatus(page, 'FILE_SAVE');

  // deleting a required document moves the status back, with a notice
  await page.getByTestId('doc-delete-00003').click();
  await page.getByTestId('doc-delete-confirm-00003').click();
  await panelStatus(page, 'ADD_INFO_SAVE');
  await page.getByTestId('toast').filter({ hasText: '삭제' }).waitFor({ timeout: T });
  assert.equal(await page.getByTestId('doc-item-00003').getAttribute('data-has-file'), 'false');
  await uploadOk(page, '00003', '성적증명서.pdf', pdf(4096), 'application/pdf');
  await page.getByTestId('documents-save').click();
  await panelStatus(page, 'FILE_SAVE');

  // the download is the owner-checked attachment under its Korean name
  const dl = page.waitForEvent('download', { timeout: T });
  await page.getByTestId('doc-download-00003').click();
  assert.equal((await dl).suggestedFilename(), '성적증명서.pdf');

  // the survey step is issue 4's: move past it
  sql(`UPDATE application SET status = 'SURVEY' WHERE appl_no = ${Number(applNo)}`);

  // submit: consents, then the free round completes at once
  await openFromList(page, applNo, 'submit');
  await page.getByTestId('appl-submit-page').waitFor({ timeout: T });
  await page.getByTestId('consent-all').check();
  const submitted = page.waitForResponse((r) => r.url().includes('/appl/submit/') && r.request().method() === 'POST', { timeout: T });
  await page.getByTestId('consent-next').click();
  const sub = await submitted;
  assert.equal(sub.status(), 200, `submit: ${await sub.text()}`);
  const subBody = await sub.json();
  assert.equal(subBody.next, 'none');
  assert.equal(subBody.status, 'COMPLETE');
  await page.getByTestId('appl-none-page').waitFor({ timeout: T });
  const examNo = (await page.getByTestId('completion-exam-number').innerText()).trim();
  assert.equal(examNo, subBody.applId);
  assert.ok(examNo.length > 0);

  // the exam number in the list, the slip downloads and holds it with the Korean name
  await page.getByTestId('completion-to-list').click();
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  assert.match(await row.getByTestId('appl-id').innerText(), new RegExp(examNo.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')));
  assert.equal(await row.getByTestId('appl-status').getAttribute('data-status'), 'COMPLETE');
  const slipDl = page.waitForEvent('download', { timeout: T });
  await row.getByTestId('slip-download').click();
  const slip = await slipDl;
  const file = join(tmp, 'slip.pdf');
  await slip.saveAs(file);
  assert.equal(readFileSync(file).subarray(0, 5).toString(), '%PDF-');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
  assert.ok(text.includes(examNo), `slip text holds the exam number ${examNo}: ${text}`);
  assert.ok(text.includes('김하늘'), `slip text holds the Korean name: ${text}`);
  // a complete slip: title, birth date, issue date, the round's notice (demo data); never the internal application number
  for (const want of ['수험표', '1998-03-01', '발급일', '유의 사항', '실기 고사 일정과 장소는']) {
    assert.ok(text.includes(want), `slip text holds ${want}: ${text}`);
  }
  // the numbers a slip rightly carries (dates, the exam number, the notice's
  // own times and rooms) are taken out first, so a small applNo that happens
  // to match a day of the month cannot fail the test
  const rest = text.replace(/\d{4}-\d{2}-\d{2}/g, ' ').split(examNo).join(' ').replace(/유의 사항[\s\S]*?발급일/, ' ');
  assert.ok(!new RegExp(`(^|\\D)${applNo}(\\D|$)`).test(rest), `slip text hides the application number ${applNo}: ${text}`);

  // and the whole application PDF
  const printDl = page.waitForEvent('download', { timeout: T });
  await row.getByTestId('print-download').click();
  const printFile = join(tmp, 'print.pdf');
  await (await printDl).saveAs(printFile);
  assert.equal(readFileSync(printFile).subarray(0, 5).toString(), '%PDF-');
  // it reads like a form: names, not codes or internal fields, sections in the form's order
  const printed = execFileSync('pdftotext', ['-enc', 'UTF-8', printFile, '-']).toString('utf8');
  for (const raw of ['410', 'COMPLETE', 'depth', 'inputType', 'isLeaf']) {
    assert.ok(!new RegExp(`(^|[^\\p{L}\\p{N}])${raw}($|[^\\p{L}\\p{N}])`, 'u').test(printed), `the application shows the raw ${raw}: ${printed}`);
  }
  for (const want of ['대한민국', '접수 완료', '김부모', examNo]) {
    assert.ok(printed.includes(want), `the application shows ${want}: ${printed}`);
  }
  let at = -1;
  for (const heading of ['지원 사항', '기본 정보', '비상 연락처', '제출 서류', '동의 사항']) {
    const i = printed.indexOf(heading, at + 1);
    assert.ok(i > at, `heading ${heading} after the previous one: ${printed}`);
    at = i;
  }
  await page.context().close();
});
