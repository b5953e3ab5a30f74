// Writes a brotli (.br) and a gzip (.gz) copy beside each hashed asset of the
// given builds (`make apps` runs it on both apps' dist), at the best ratio:
// the server sends them as they are to browsers that accept them
// (adapters/httpapi/static.go) instead of gzipping every answer on the fly.
//   node apps/applicant/scripts/compress.mjs apps/applicant/dist apps/admin/dist
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(js|mjs|css|svg|json|wasm)$/;
for (const dist of process.argv.slice(2)) {
  const dir = join(dist, 'assets');
  let plain = 0;
  let br = 0;
  let gz = 0;
  for (const name of readdirSync(dir)) {
    if (!compressible.test(name)) continue;
    const data = readFileSync(join(dir, name));
    if (data.length < 1024) continue; // the server answers those as they are
    const brotli = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
    const gzip = gzipSync(data, { level: 9 });
    writeFileSync(join(dir, `${name}.br`), brotli);
    writeFileSync(join(dir, `${name}.gz`), gzip);
    plain += data.length;
    br += brotli.length;
    gz += gzip.length;
  }
  const kB = (n) => `${(n / 1024).toFixed(0)} kB`;
  console.log(`${dir}: ${kB(plain)} compressed to ${kB(br)} brotli, ${kB(gz)} gzip`);
}
