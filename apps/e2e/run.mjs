// Runs the browser tests in parallel workers. Each worker starts bin/server
// on a free port with a throwaway database, mail and upload folders, Redis
// key prefix and job queue of its own; the test files wait in one queue,
// longest first (durations.json), and each worker takes the next file when
// it is free, so the slowest file does not come last. A file's output is
// printed whole when it finishes, under a line naming its worker. Any
// failed file makes the run fail. Servers, databases, folders and Redis keys
// are removed on exit, on a failure and on Ctrl-C.
//
//   node run.mjs                          every tests/*.test.mjs
//   node run.mjs tests/pay.test.mjs ...   these files (or folders)
//   node run.mjs --test-name-pattern=card tests/pay.test.mjs   flags go to node --test
//   E2E_WORKERS=3 node run.mjs            workers (default 2, one per core of the CI machine)
//   E2E_RECORD_DURATIONS=1 node run.mjs   write this run's file durations to durations.json
//   DEMO_YEAR=2031 node run.mjs           demo rounds in another year (the tests read it from the API)
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, relative, basename } from 'node:path';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const here = import.meta.dirname;
const root = resolve(here, '../..');
const durationsFile = join(here, 'durations.json');
const pgBase = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable';
const redisURL = process.env.E2E_REDIS_URL || 'redis://127.0.0.1:6379/13';
const fileTimeoutMs = Number(process.env.E2E_FILE_TIMEOUT_S || 900) * 1000;
const run = promisify(execFile);
const tty = process.stdout.isTTY;
const paint = (code, s) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

// ---- which files, in which order -------------------------------------------

const flags = process.argv.slice(2).filter((a) => a.startsWith('-'));
const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const testFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => join(dir, f));
const files = (named.length ? named : ['tests']).flatMap((a) => {
  const p = resolve(here, a);
  if (!existsSync(p)) { console.error(`e2e: no such file or folder: ${a}`); process.exit(2); }
  return statSync(p).isDirectory() ? testFiles(p) : [p];
}).map((p) => relative(here, p));
if (files.length === 0) { console.error('e2e: no test files'); process.exit(2); }

let known = {};
try { known = JSON.parse(readFileSync(durationsFile, 'utf8')); } catch { /* none recorded yet */ }
// Longest first; a file never timed goes first (it may be long).
const queue = [...files].sort((a, b) => (known[basename(b)] ?? Infinity) - (known[basename(a)] ?? Infinity) || a.localeCompare(b));
const wanted = Number(process.env.E2E_WORKERS || 2);
if (!Number.isInteger(wanted) || wanted < 1) { console.error(`e2e: E2E_WORKERS must be a whole number >= 1, not ${process.env.E2E_WORKERS}`); process.exit(2); }
const workerCount = Math.min(wanted, queue.length);

// ---- the servers -----------------------------------------------------------

const freePort = () => new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)); });
});

/** Writes a child's output line by line under a prefix (servers log as they go). */
function prefixLines(stream, prefix, out) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const l of lines) out.write(`${prefix}${l}\n`);
  });
  stream.on('end', () => { if (rest) out.write(`${prefix}${rest}\n`); });
}

const servers = [];

async function startServer(name) {
  const port = await freePort();
  const dbName = `gradapply_e2e_${randomBytes(4).toString('hex')}`;
  const s = {
    name, port, dbName,
    dbUrl: pgBase.replace(/\/[^/?]+(\?|$)/, `/${dbName}$1`),
    mailDir: mkdtempSync(join(tmpdir(), 'gradapply-mail-')),
    fileDir: mkdtempSync(join(tmpdir(), 'gradapply-files-')),
    // Rate-limit and replay counters of this server only: no worker or run meets another's.
    redisPrefix: `e2e:${randomBytes(6).toString('hex')}:`,
    queue: `e2e-${randomBytes(4).toString('hex')}`, // its job queue: no worker takes another's mail
    baseURL: `http://localhost:${port}`,
    proc: null,
    exited: null, // a promise of the exit code
  };
  servers.push(s);
  s.proc = spawn(join(root, 'bin/server'), [], {
    cwd: root,
    detached: true, // its own process group: Ctrl-C reaches run.mjs, which stops it after the tests
    env: {
      ...process.env, DATABASE_URL: s.dbUrl, HTTP_ADDR: `127.0.0.1:${port}`, PUBLIC_URL: s.baseURL,
      DEMO_DATA: 'true', MAIL_TRANSPORT: 'file', MAIL_DIR: s.mailDir, LOG_LEVEL: 'warn', FILE_DIR: s.fileDir,
      REDIS_URL: redisURL, RATELIMIT_PREFIX: s.redisPrefix, CAPTCHA_MAX_NUMBER: '20000',
      JOB_QUEUE: s.queue, METRICS_ADDR: 'off', // two servers at once: no shared metrics port
      // Keys of its own, so that servers starting together do not race to write var/dev-secrets.json.
      TOKEN_SIGNING_KEY: process.env.TOKEN_SIGNING_KEY || randomBytes(32).toString('base64'),
      FIELD_ENCRYPTION_KEY: process.env.FIELD_ENCRYPTION_KEY || randomBytes(32).toString('base64'),
      CAPTCHA_HMAC_KEY: process.env.CAPTCHA_HMAC_KEY || randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  s.exited = new Promise((ok) => {
    s.proc.on('exit', (code, signal) => ok(code ?? signal));
    s.proc.on('error', (e) => { s.startError = e; ok(e.code); });
  });
  const prefix = paint('2', `[${name} server] `);
  prefixLines(s.proc.stdout, prefix, process.stderr);
  prefixLines(s.proc.stderr, prefix, process.stderr);

  const deadline = Date.now() + 90_000;
  for (;;) {
    try { const r = await fetch(`${s.baseURL}/actuator/health`); if (r.ok) break; } catch { /* not yet */ }
    if (s.startError) throw new Error(`${name}: bin/server: ${s.startError.message} (make server builds it)`);
    if (s.proc.exitCode !== null || s.proc.signalCode !== null) throw new Error(`${name}: the server exited before it was ready`);
    if (Date.now() > deadline) throw new Error(`${name}: the server did not become healthy in 90 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return s;
}

async function stopServer(s) {
  if (s.proc && !s.startError && s.proc.exitCode === null && s.proc.signalCode === null) {
    try { process.kill(-s.proc.pid, 'SIGTERM'); } catch { /* gone */ }
    const timer = setTimeout(() => { try { process.kill(-s.proc.pid, 'SIGKILL'); } catch { /* gone */ } }, 5000);
    await s.exited;
    clearTimeout(timer);
  }
  // The counters under its prefix, its job queue's keys and the queue's name in asynq's list.
  const script = `local n = 0
    for i = 1, 2 do for _, k in ipairs(redis.call('KEYS', ARGV[i])) do redis.call('DEL', k) n = n + 1 end end
    redis.call('SREM', 'asynq:queues', ARGV[3])
    return n`;
  await Promise.all([
    run('psql', [pgBase, '-qc', `DROP DATABASE IF EXISTS ${s.dbName} WITH (FORCE)`]).catch((e) => console.error(`e2e: drop ${s.dbName}: ${e.message}`)),
    run('redis-cli', ['-u', redisURL, 'EVAL', script, '0', `${s.redisPrefix}*`, `asynq:{${s.queue}}:*`, s.queue])
      .catch((e) => console.error(`e2e: Redis keys of ${s.name}: ${e.message}`)),
  ]);
  rmSync(s.mailDir, { recursive: true, force: true });
  rmSync(s.fileDir, { recursive: true, force: true });
}

// ---- the test files --------------------------------------------------------

const running = new Set(); // test processes, stopped on Ctrl-C
const results = []; // { file, worker, ms, code }
let aborted = false;

/** Runs one file against a server; answers its exit code and output. */
function runFile(s, file) {
  return new Promise((ok) => {
    const args = ['--test', '--test-concurrency=1', '--test-reporter=spec', ...flags, file];
    const t = spawn(process.execPath, args, {
      cwd: here, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env, ...(tty ? { FORCE_COLOR: '1' } : {}),
        E2E_BASE_URL: s.baseURL, E2E_MAIL_DIR: s.mailDir, E2E_DATABASE_URL: s.dbUrl, E2E_FILE_DIR: s.fileDir,
      },
    });
    running.add(t);
    const out = [];
    t.stdout.on('data', (b) => out.push(b));
    t.stderr.on('data', (b) => out.push(b));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-t.pid, 'SIGKILL'); } catch { /* gone */ }
    }, fileTimeoutMs);
    t.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(t);
      let text = Buffer.concat(out).toString('utf8');
      if (timedOut) text += `\ne2e: ${file} took over ${secs(fileTimeoutMs)} and was stopped (E2E_FILE_TIMEOUT_S)\n`;
      ok({ code: timedOut ? 1 : (code ?? (signal ? 1 : 0)), text });
    });
  });
}

async function worker(s) {
  while (queue.length && !aborted) {
    const file = queue.shift();
    console.log(paint('2', `[${s.name}] start ${file}`));
    const started = Date.now();
    const { code, text } = await runFile(s, file);
    const ms = Date.now() - started;
    if (aborted) return;
    results.push({ file, worker: s.name, ms, code });
    const verdict = code === 0 ? paint('32', 'passed') : paint('31', `FAILED (exit ${code})`);
    process.stdout.write(`\n${paint('1', `━━ [${s.name}] ${file}: ${verdict} in ${secs(ms)} ━━`)}\n${text.trimEnd()}\n\n`);
    if (s.proc.exitCode !== null || s.proc.signalCode !== null) {
      // The next files would only fail for want of a server: leave them to the other workers.
      console.error(paint('31', `e2e: ${s.name}'s server exited (${await s.exited}); that worker stops`));
      s.died = true;
      return;
    }
  }
}

// ---- cleanup ---------------------------------------------------------------

let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    for (const t of running) { try { process.kill(-t.pid, 'SIGTERM'); } catch { /* gone */ } }
    // Playwright closes its browser on SIGTERM; whatever is left is killed.
    const left = [...running].map((t) => new Promise((ok) => {
      const timer = setTimeout(() => { try { process.kill(-t.pid, 'SIGKILL'); } catch { /* gone */ } ok(); }, 5000);
      t.on('close', () => { clearTimeout(timer); ok(); });
    }));
    await Promise.all(left);
    await Promise.all(servers.map(stopServer));
  })();
  return cleaning;
}

for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
  process.on(sig, () => {
    if (aborted) return; // already stopping
    aborted = true;
    console.error(`\ne2e: ${sig}: stopping the tests and servers, removing their databases and keys`);
    cleanup().finally(() => process.exit(code));
  });
}

// ---- the run ---------------------------------------------------------------

const wall = Date.now();
let exitCode = 1;
try {
  console.log(`e2e: ${files.length} file${files.length === 1 ? '' : 's'} on ${workerCount} worker${workerCount === 1 ? '' : 's'} (E2E_WORKERS=${wanted}), longest first`);
  const started = await Promise.allSettled(Array.from({ length: workerCount }, (_, i) => startServer(`w${i + 1}`)));
  const failedStart = started.filter((r) => r.status === 'rejected');
  if (failedStart.length) throw new Error(failedStart.map((r) => r.reason.message).join('; '));
  const ready = started.map((r) => r.value);
  for (const s of ready) console.log(paint('2', `[${s.name}] server ${s.baseURL}, database ${s.dbName}, job queue ${s.queue}`));
  await Promise.all(ready.map(worker));
  if (!aborted) {
    const failed = results.filter((r) => r.code !== 0);
    const notRun = queue.slice();
    console.log(`e2e: ${results.length} file${results.length === 1 ? '' : 's'} in ${secs(Date.now() - wall)} on ${workerCount} worker${workerCount === 1 ? '' : 's'}:`);
    for (const r of [...results].sort((a, b) => b.ms - a.ms)) {
      console.log(`  ${r.code === 0 ? paint('32', 'ok  ') : paint('31', 'FAIL')} ${r.worker}  ${secs(r.ms).padStart(8)}  ${r.file}`);
    }
    for (const f of notRun) console.log(`  ${paint('31', 'NOT RUN')} ${f}`);
    if (process.env.E2E_RECORD_DURATIONS) {
      const merged = { ...known };
      for (const r of results) merged[basename(r.file)] = Math.round(r.ms / 100) / 10;
      const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
      console.log(`e2e: durations written to ${relative(process.cwd(), durationsFile)}`);
    }
    exitCode = failed.length || notRun.length || servers.some((s) => s.died) ? 1 : 0;
    if (failed.length) console.log(paint('31', `e2e: failed: ${failed.map((r) => r.file).join(' ')}`));
  }
} catch (e) {
  console.error(`e2e: ${e.message}`);
} finally {
  if (!aborted) await cleanup();
}
if (!aborted) process.exit(exitCode);
