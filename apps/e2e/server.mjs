// Starts bin/server on a free port with a throwaway database and mail folder
// (as run.mjs does), for scripts that drive it themselves (audit.mjs).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';

export const root = resolve(import.meta.dirname, '../..');

export const freePort = () => new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)); });
});

/** Starts the server; answers { baseURL, dbUrl, stop }. */
export async function startServer() {
  const port = await freePort();
  const dbName = `gradapply_audit_${randomBytes(4).toString('hex')}`;
  const pgBase = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable';
  const dbUrl = pgBase.replace(/\/[^/?]+(\?|$)/, `/${dbName}$1`);
  const mailDir = mkdtempSync(join(tmpdir(), 'gradapply-audit-mail-'));
  const baseURL = `http://localhost:${port}`;
  const server = spawn(join(root, 'bin/server'), [], {
    cwd: root,
    env: {
      ...process.env, DATABASE_URL: dbUrl, HTTP_ADDR: `127.0.0.1:${port}`, PUBLIC_URL: baseURL,
      DEMO_DATA: 'true', MAIL_TRANSPORT: 'file', MAIL_DIR: mailDir, LOG_LEVEL: 'error',
      REDIS_URL: process.env.AUDIT_REDIS_URL || 'redis://127.0.0.1:6379/14', CAPTCHA_MAX_NUMBER: '20000',
      JOB_QUEUE: `audit-${randomBytes(4).toString('hex')}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((ok) => { server.on('exit', ok); setTimeout(ok, 5000); });
    }
    try { execFileSync('psql', [pgBase, '-qc', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`], { stdio: 'ignore' }); } catch { /* best effort */ }
    rmSync(mailDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try { const r = await fetch(`${baseURL}/actuator/health`); if (r.ok) break; } catch { /* not yet */ }
    if (server.exitCode !== null) { await stop(); throw new Error('server exited before it was ready'); }
    if (Date.now() > deadline) { await stop(); throw new Error('server did not become healthy in 60 s'); }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseURL, dbUrl, stop };
}
