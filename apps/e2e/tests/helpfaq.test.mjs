// Issue 14 item 7, the FAQ and the help board, as an applicant and a system
// admin meet them (ko and en): the home page's shortcut leads to /faq; a
// search finds the matching entry (and says so when nothing matches) and
// lives in the URL; the help board shows a question with its answer; a
// system admin adds an FAQ entry in /sysadmin and it appears on /faq. axe
// finds nothing on each page, on a desktop and on a 375 px phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { launch, newPage, login, appStarted, axeViolations as violations } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

async function noSideScroll(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${what} scrolls sideways on a phone by ${overflow}px`);
}

/** Types a search and waits for the server's answer to it. */
async function search(page, box, q) {
  const answered = page.waitForResponse((r) => /\/apply\/api\/(faq|help)\?/.test(r.url()) && new URL(r.url()).searchParams.get('q') === q, { timeout: T });
  await page.getByTestId(box).fill(q);
  await answered;
}

for (const mobile of [false, true]) {
  test(`ko${mobile ? ' on a phone' : ''}: the home shortcut leads to the FAQ, whose search finds an entry and says when nothing matches`, async () => {
    const page = await newPage(browser, { mobile });
    await page.goto('/');
    await appStarted(page);
    await page.getByTestId('faq-shortcut').click();
    await page.waitForURL('**/faq');
    await page.getByTestId('faq-entry').first().waitFor({ timeout: T });
    assert.ok(await page.getByTestId('faq-entry').count() >= 15, 'the seeded FAQ');
    assert.deepEqual(await violations(page), [], 'axe on /faq');

    await search(page, 'faq-search', '환불');
    await page.waitForURL((u) => u.searchParams.get('q') === '환불');
    await page.getByTestId('faq-count').getByText(/'환불' 검색 결과 \d+개/).waitFor({ timeout: T });
    const entry = page.getByTestId('faq-entry').filter({ hasText: '전형료를 환불받을 수 있나요?' });
    await entry.getByRole('button').click();
    await entry.getByText('영업일 기준 10일 이내').waitFor({ timeout: T });
    for (const title of await page.getByTestId('faq-entry').getByRole('button').allTextContents()) {
      assert.ok(title.length > 0);
    }
    assert.deepEqual(await violations(page), [], 'axe on /faq with an answer open');
    if (mobile) await noSideScroll(page, '/faq');

    // A shared link opens the same search.
    const shared = await newPage(browser, { mobile });
    await shared.goto(page.url());
    await shared.getByTestId('faq-entry').filter({ hasText: '전형료를 환불받을 수 있나요?' }).waitFor({ timeout: T });
    assert.equal(await shared.getByTestId('faq-search').inputValue(), '환불');
    await shared.context().close();

    await search(page, 'faq-search', '쿼크즈블랍');
    await page.getByTestId('faq-empty').getByText("'쿼크즈블랍'에 대한 검색 결과가 없습니다").waitFor({ timeout: T });
    assert.equal(await page.getByTestId('faq-entry').count(), 0);
    assert.deepEqual(await violations(page), [], 'axe on /faq without results');

    // The help board: a question and the staff's answer.
    await page.goto('/help');
    const post = page.getByTestId('help-entry').filter({ hasText: '추천인이 메일을 받지 못했다고 합니다.' });
    await post.getByRole('button').click();
    await post.getByText('스팸 메일함').waitFor({ timeout: T });
    await post.getByText('답변', { exact: true }).waitFor();
    assert.deepEqual(await violations(page), [], 'axe on /help');
    if (mobile) await noSideScroll(page, '/help');
    await page.context().close();
  });
}

test('en: the FAQ search looks in English, the help board reads in English, on a phone', async () => {
  const page = await newPage(browser, { locale: 'en', mobile: true });
  await page.goto('/faq');
  await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor({ timeout: T });
  await search(page, 'faq-search', 'password');
  await page.getByTestId('faq-count').getByText(/results? for 'password'/).waitFor({ timeout: T });
  const entry = page.getByTestId('faq-entry').filter({ hasText: 'I forgot my user id or password.' });
  await entry.getByRole('button').click();
  await entry.getByText('The link works once').waitFor({ timeout: T });
  assert.deepEqual(await violations(page), [], 'axe on /faq (en)');
  await noSideScroll(page, '/faq (en)');
  await search(page, 'faq-search', '환불');
  await page.getByTestId('faq-empty').getByText("No results for '환불'").waitFor({ timeout: T });

  await page.goto('/help?q=abroad');
  await page.getByRole('heading', { level: 1, name: 'Help board' }).waitFor({ timeout: T });
  const post = page.getByTestId('help-entry').filter({ hasText: 'My payment from abroad fails.' });
  await post.getByRole('button').click();
  await post.getByText('PayPal charges in US dollars').waitFor({ timeout: T });
  assert.equal(await page.getByTestId('help-search').inputValue(), 'abroad');
  assert.deepEqual(await violations(page), [], 'axe on /help (en)');
  await noSideScroll(page, '/help (en)');
  await page.context().close();
});

test('a system admin adds an FAQ entry in /sysadmin and it appears on /faq', async () => {
  const word = `기숙사${randomBytes(3).toString('hex')}`;
  const admin = await newPage(browser);
  await login(admin, 'sysadmin');
  await admin.goto('/sysadmin/faq');
  await admin.getByTestId('faq-table').waitFor({ timeout: T });
  assert.deepEqual(await violations(admin), [], 'axe on the admin FAQ list');
  await admin.goto('/sysadmin/faq/create');
  const field = (label) => admin.getByLabel(label, { exact: false }).first();
  await field('제목(한국어)').waitFor({ timeout: T });
  await admin.getByRole('combobox', { name: /분류/ }).click();
  await admin.getByRole('option', { name: '지원 절차' }).click();
  await field('제목(한국어)').fill(`${word} 신청은 언제 하나요?`);
  await field('제목(영어)').fill(`When do I apply for a ${word} room?`);
  await field('답변(한국어)').fill('합격자 발표 뒤에 학교가 안내합니다.\n\n자세한 일정은 학교 누리집을 확인해 주세요.');
  // Saving without the English answer is refused, and that field is marked.
  await admin.getByTestId('faq-save').click();
  await admin.locator('textarea[aria-invalid="true"]').first().waitFor({ timeout: T });
  assert.equal(await field('답변(영어)').getAttribute('aria-invalid'), 'true');
  assert.equal(await field('제목(영어)').getAttribute('aria-invalid'), 'false');
  assert.ok(admin.url().endsWith('/faq/create'), 'nothing saved');
  await field('답변(영어)').fill('The school tells admitted applicants.\n\nSee the school site for dates.');
  await admin.getByLabel('공개').check();
  assert.deepEqual(await violations(admin), [], 'axe on the admin FAQ form');
  await admin.getByTestId('faq-save').click();
  await admin.getByTestId('faq-table').getByText(`${word} 신청은 언제 하나요?`).waitFor({ timeout: T });

  const guest = await newPage(browser);
  await guest.goto(`/faq?q=${encodeURIComponent(word)}`);
  const entry = guest.getByTestId('faq-entry').filter({ hasText: `${word} 신청은 언제 하나요?` });
  await entry.getByRole('button').click();
  await entry.getByText('자세한 일정은 학교 누리집을 확인해 주세요.').waitFor({ timeout: T });
  assert.equal(await entry.getByTestId('faq-answer').locator('p').count(), 2, 'two paragraphs');
  await guest.context().close();

  const phone = await newPage(browser, { mobile: true });
  await login(phone, 'sysadmin');
  for (const path of ['/sysadmin/faq', '/sysadmin/faq-categories', '/sysadmin/help-posts']) {
    await phone.goto(path);
    await phone.locator('main').first().waitFor({ timeout: T });
    await phone.waitForTimeout(300);
    assert.deepEqual(await violations(phone), [], `axe on ${path} (phone)`);
    await noSideScroll(phone, path);
  }
  await phone.context().close();
  await admin.context().close();
});
