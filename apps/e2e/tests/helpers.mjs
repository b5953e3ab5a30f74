import { chromium } from 'playwright-core';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

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

function decodeBody(eml) {
  // Bodies are quoted-printable or base64; decode both forms we may meet.
  const parts = eml.split(/\r?\n\r?\n/);
  const body = parts.slice(1).join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(eml)) {
    return body.split(/\r?\n/).map((l) => { try { return Buffer.from(l, 'base64').toString('utf8'); } catch { return l; } }).join('');
  }
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}
