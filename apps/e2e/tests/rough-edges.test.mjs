// Issue 21, item 5: the applicant pages' rough edges, as a person meets them,
// in Korean and English, on a phone and a desktop: a 404 page for an unknown
// path; on the form, headings in order and focus on the new step's heading
// after "다음"; the schools and a sign-up link on the home page; nationality
// found by the names people use; the streaming-link rule said as the link is
// typed; and axe-core finds nothing on any of these pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  appStarted, axeViolations, baseURL, createApplication, createPart, freshApplicant, launch, login, newPage,
} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
const cases = [['ko', false], ['en', true]];
const label = (locale, mobile) => `${locale}, ${mobile ? 'phone' : 'desktop'}`;

/** The headings of the page's main content, in document order: [level, text]. */
const headings = (page) => page.locator('main#main').evaluate((main) =>
  [...main.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')]
    .filter((h) => h.getClientRects().length > 0)
    .map((h) => [Number(h.getAttribute('aria-level') || h.tagName.slice(1)), h.textContent.trim()]));

/** One h1, and no heading deeper than one level below the heading before it. */
function assertHeadingOrder(list, where) {
  assert.equal(list.filter(([l]) => l === 1).length, 1, `${where}: one h1 in ${JSON.stringify(list)}`);
  assert.equal(list[0][0], 1, `${where}: the h1 comes first: ${JSON.stringify(list)}`);
  for (let i = 1; i < list.length; i++) {
    assert.ok(list[i][0] <= list[i - 1][0] + 1, `${where}: ${JSON.stringify(list[i])} after ${JSON.stringify(list[i - 1])}`);
  }
}

for (const [locale, mobile] of cases) {
  test(`an unknown path shows a 404 page where it was asked, axe-clean (${label(locale, mobile)})`, async () => {
    const page = await newPage(browser, { locale, mobile });
    const answer = await page.goto('/no/such/page?x=1');
    assert.equal(answer.status(), 404, 'the server says not found too (dist/routes.json)');
    await page.getByTestId('not-found-page').waitFor({ timeout: T });
    assert.equal(new URL(page.url()).pathname, '/no/such/page', 'the address stays');
    const h1 = await page.getByRole('heading', { level: 1 }).innerText();
    assert.equal(h1, locale === 'ko' ? '페이지를 찾을 수 없습니다' : 'Page not found');
    assert.equal(await page.title(), locale === 'ko' ? 'GradApply | 페이지를 찾을 수 없음' : 'GradApply | Page not found');
    assert.match(await page.getByTestId('not-found-path').innerText(), /\/no\/such\/page/);
    assert.deepEqual(await axeViolations(page), [], 'axe on the 404 page');
    await page.getByTestId('not-found-home').click();
    await page.waitForURL((u) => u.pathname === '/', { timeout: T });
    await page.context().close();
  });

  test(`home lists every school with a link to its page, and the header has sign-up (${label(locale, mobile)})`, async () => {
    const page = await newPage(browser, { locale, mobile });
    const schools = await (await fetch(`${baseURL}/apply/api/standard/schl`)).json();
    assert.ok(schools.length >= 2, 'the demo has schools');
    await page.goto('/');
    await appStarted(page, T);
    await page.getByTestId('school-list').waitFor({ timeout: T });
    for (const s of schools) {
      const link = page.getByTestId(`school-link-${s.schoolCode}`);
      assert.equal(await link.getAttribute('href'), `/${s.slug || s.schoolCode}/main`);
      assert.match(await link.innerText(), new RegExp((locale === 'en' ? s.engName : s.korName).replace(/[()]/g, '.')));
    }
    assert.deepEqual(await axeViolations(page), [], 'axe on home');

    // sign-up: in the bar on a desktop, in the menu on a phone
    if (mobile) await page.getByTestId('nav-menu').click();
    const signUp = page.locator('[data-testid="nav-signup"]:visible');
    await signUp.waitFor({ timeout: T });
    assert.equal(await signUp.innerText(), locale === 'ko' ? '회원가입' : 'Sign Up');
    await signUp.click();
    await page.waitForURL('**/user/agree', { timeout: T });

    // a school's link opens its page
    await page.goto('/');
    await appStarted(page, T);
    const first = schools[0];
    await page.getByTestId(`school-link-${first.schoolCode}`).click();
    await page.waitForURL(`**/${first.slug || first.schoolCode}/main`, { timeout: T });
    await page.context().close();
  });

  test(`form steps: headings in order, focus on the new step's heading after Next, axe-clean (${label(locale, mobile)})`, async () => {
    const page = await newPage(browser, { locale, mobile });
    await login(page, freshApplicant('edge').userId);
    const applNo = await createApplication(page); // its part and basic info saved
    await page.goto('/list');
    await page.getByTestId(`appl-row-${applNo}`).getByTestId('appl-action-edit').click();
    await page.getByTestId('form-stepper').waitFor({ timeout: T });
    await page.getByTestId('form-step-BASIS_SAVE').click();
    await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
    await page.getByTestId('step-next').waitFor({ timeout: T });

    assertHeadingOrder(await headings(page), 'basic info');
    assert.deepEqual(await axeViolations(page), [], 'axe on the basic-info step');

    // Next (basic info is saved and unchanged): the next step, focus on its heading
    await page.getByTestId('step-next').click();
    await page.waitForURL((u) => u.searchParams.get('step') === 'ACAD_SAVE', { timeout: T });
    await page.getByTestId('step-form-ACAD_SAVE').waitFor({ timeout: T });
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return { tag: el?.tagName, testId: el?.getAttribute('data-testid'), text: el?.tagName === 'BODY' ? '(the page body)' : el?.textContent };
    });
    assert.deepEqual(focused, { tag: 'H2', testId: 'step-title', text: locale === 'ko' ? '학력 사항' : 'Academic history' });
    assertHeadingOrder(await headings(page), 'academic');
    assert.deepEqual(await axeViolations(page), [], 'axe on the academic step');
    await page.context().close();
  });
}

for (const [locale, mobile] of cases) {
  test(`nationality is found by the names people use (${label(locale, mobile)})`, async () => {
    const page = await newPage(browser, { locale, mobile });
    await login(page, freshApplicant('natl').userId);
    const applNo = await createApplication(page);
    await page.goto('/list');
    await page.getByTestId(`appl-row-${applNo}`).getByTestId('appl-action-edit').click();
    await page.getByTestId('form-step-BASIS_SAVE').click();
    await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
    const input = page.locator('input[name="applicantInfo.nationality"]');
    const expected = locale === 'ko'
      ? { Korea: '대한민국', America: '미국', Britain: '영국' }
      : { Korea: 'Republic of Korea', America: 'United States', Britain: 'United Kingdom' };
    for (const [typed, country] of [
      ['South Korea', 'Korea'], ['한국', 'Korea'], ['Korea', 'Korea'], ['USA', 'America'], ['미국', 'America'], ['UK', 'Britain'], ['영국', 'Britain'],
    ]) {
      await input.click();
      await input.fill('');
      await input.fill(typed);
      const firstOption = page.locator('[role="listbox"] [role="option"]').first();
      await firstOption.waitFor({ timeout: T });
      assert.equal((await firstOption.innerText()).trim(), expected[country], `"${typed}" finds ${expected[country]} first`);
    }
    await page.locator('[role="listbox"] [role="option"]').first().click();
    assert.equal(await input.inputValue(), expected.Britain);
    await page.context().close();
  });
}

test('the video essay refuses a streaming link as it is typed, before Save (ko and en)', async () => {
  for (const [locale, mobile] of cases) {
    const page = await newPage(browser, { locale, mobile });
    await login(page, freshApplicant('video').userId);
    const applNo = await createPart(page, 'ARTS01', 'MA01'); // Nuri's media acting major asks for a video essay
    await page.goto('/list');
    await page.getByTestId(`appl-row-${applNo}`).getByTestId('appl-action-edit').click();
    await page.getByTestId('step-form-BASIS_SAVE').waitFor({ timeout: T });
    const saves = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/appl/basis/')) saves.push(r.url()); });
    const field = page.locator('input[name="applicantInfo.videoEssayUrl"]');
    const helper = page.getByTestId('applicantInfo.videoEssayUrl-helper');
    await field.fill('https://www.youtube.com/watch?v=abc');
    await helper.waitFor({ timeout: T });
    assert.equal(await helper.innerText(), locale === 'ko'
      ? '스트리밍 사이트 링크는 받지 않습니다. 내려받을 수 있는 파일 링크를 입력해 주세요.'
      : 'Streaming links are not accepted. Enter a link to a downloadable file.');
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    // a downloadable file's link: the message goes
    await field.fill('https://drive.google.com/file/d/1/view');
    await helper.waitFor({ state: 'detached', timeout: T });
    assert.equal(await field.getAttribute('aria-invalid'), 'false');
    assert.deepEqual(saves, [], 'nothing was saved: the rule spoke as the link was typed');
    await page.context().close();
  }
});
