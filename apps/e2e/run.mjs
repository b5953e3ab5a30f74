// Starts bin/server on a free port with a throwaway database, mail and
// upload folders and Redis key prefix of its own, runs the browser tests
// against it, then removes them all. DEMO_YEAR=2031 node run.mjs runs the
// suite with the demo rounds in another year (the tests read it from the API).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';

const root = resolve(import.meta.dirname, '../..');
const freePort = () => new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)); });
});

const port = await freePort();
const dbName = `gradapply_e2e_${randomBytes(4).toString('hex')}`;
const pgBase = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable';
const dbUrl = pgBase.replace(/\/[^/?]+(\?|$)/, `/${dbName}$1`);
const mailDir = mkdtempSync(join(tmpdir(), 'gradapply-mail-'));
const fileDir = mkdtempSync(join(tmpdir(), 'gradapply-files-'));
const redisURL = process.env.E2E_REDIS_URL || 'redis://127.0.0.1:6379/13';
// Rate-limit and replay counters of this run only: no run meets another's.
const redisPrefix = `e2e:${randomBytes(6).toString('hex')}:`;
const baseURL = `http://localhost:${port}`;

const server = spawn(join(root, 'bin/server'), [], {
  cwd: root,
  env: {
    ...process.env, DATABASE_URL: dbUrl, HTTP_ADDR: `127.0.0.1:${port}`, PUBLIC_URL: baseURL,
    DEMO_DATA: 'true', MAIL_TRANSPORT: 'file', MAIL_DIR: mailDir, LOG_LEVEL: 'warn', FILE_DIR: fileDir,
    REDIS_URL: redisURL, RATELIMIT_PREFIX: redisPrefix, CAPTCHA_MAX_NUMBER: '20000', JOB_QUEUE: `e2e-${randomBytes(4).toString('hex')}`,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exitCode = 1;
const dropRedisKeys = () => {
  const script = "local n = 0 for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) n = n + 1 end return n";
  try { execFileSync('redis-cli', ['-u', redisURL, 'EVAL', script, '0', `${redisPrefix}*`], { stdio: 'ignore' }); } catch { /* best effort */ }
};
const dropDb = () => {
  try { execFileSync('psql', [pgBase, '-qc', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`], { stdio: 'ignore' }); } catch { /* best effort */ }
};
try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try { const r = await fetch(`${baseURL}/actuator/health`); if (r.ok) break; } catch { /* not yet */ }
    if (server.exitCode !== null) throw new Error('server exited before it was ready');
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const args = ['--test', '--test-concurrency=1', '--test-reporter=spec', ...(process.argv.slice(2).length ? process.argv.slice(2) : ['tests/'])];
  const t = spawn(process.execPath, args, {
    cwd: import.meta.dirname, stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: baseURL, E2E_MAIL_DIR: mailDir, E2E_DATABASE_URL: dbUrl, E2E_FILE_DIR: fileDir },
  });
  exitCode = await new Promise((ok) => t.on('exit', (c) => ok(c ?? 1)));
} catch (e) {
  console.error('e2e:', e.message);
} finally {
  server.kill('SIGTERM');
  await new Promise((ok) => { server.on('exit', ok); setTimeout(ok, 5000); });
  dropDb();
  dropRedisKeys();
  rmSync(mailDir, { recursive: true, force: true });
  rmSync(fileDir, { recursive: true, force: true });
}
process.exit(exitCode);
