// Reads the first sheet of a downloaded .xlsx as rows of cell texts, with
// node's zlib only: an .xlsx is a zip of XML parts, and the tests need the
// cells a person would read, not a spreadsheet library.
import { inflateRawSync } from 'node:zlib';

/** The files of a zip archive by name (stored or deflated entries), read from its central directory. */
export function unzip(buf) {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw new Error('not a zip archive');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const files = new Map();
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad zip central directory');
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    files.set(name, method === 0 ? data : inflateRawSync(data));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

const unescape = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'")
  .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d))).replace(/&amp;/g, '&');
const texts = (xml) => [...xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => unescape(m[1])).join('');

/** Column letters to a zero-based index: A -> 0, AA -> 26. */
const column = (ref) => [...ref.replace(/\d+$/, '')].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;

/** The first sheet's rows, each an array of cell texts (shared, inline and plain strings, numbers as written). */
export function sheetRows(buf) {
  const files = unzip(buf);
  const shared = files.has('xl/sharedStrings.xml')
    ? [...files.get('xl/sharedStrings.xml').toString('utf8').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1]))
    : [];
  const sheetName = [...files.keys()].filter((k) => /^xl\/worksheets\/sheet\d+\.xml$/.test(k)).sort()[0];
  if (!sheetName) throw new Error('no worksheet in the workbook');
  const xml = files.get(sheetName).toString('utf8');
  const rows = [];
  for (const r of xml.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)) {
    const row = [];
    for (const c of r[1].matchAll(/<c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1];
      const body = c[2] ?? '';
      const ref = attrs.match(/r="([A-Z]+\d+)"/)?.[1];
      const type = attrs.match(/t="(\w+)"/)?.[1];
      const v = body.match(/<v>([^<]*)<\/v>/)?.[1];
      let text = '';
      if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') text = texts(body);
      else if (v !== undefined) text = unescape(v);
      row[ref ? column(ref) : row.length] = text;
    }
    rows.push(Array.from(row, (x) => x ?? ''));
  }
  return rows;
}

/** The row whose first column is key, as header -> cell text; undefined when there is none. */
export function rowByFirstColumn(buf, key) {
  const rows = sheetRows(buf);
  const head = rows[0] ?? [];
  const row = rows.slice(1).find((r) => r[0] === key);
  if (!row) return undefined;
  return Object.fromEntries(head.map((h, i) => [h, row[i] ?? '']));
}

/**
 * Every sheet of a workbook by its name, in order: each a list of rows,
 * each row a list of cells { text, format } (format: the number format of
 * a cell written as a number, e.g. 'yyyy-mm-dd hh:mm'; '' for text).
 */
export function workbookSheets(buf) {
  const files = unzip(buf);
  const xml = (name) => files.get(name)?.toString('utf8') ?? '';
  const shared = [...xml('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1]));
  const styles = xml('xl/styles.xml');
  const formats = new Map([...styles.matchAll(/<numFmt [^>]*numFmtId="(\d+)"[^>]*formatCode="([^"]*)"/g)].map((m) => [m[1], unescape(m[2])]));
  const xfs = [...(styles.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)?.[1] ?? '').matchAll(/<xf\s[^>]*?numFmtId="(\d+)"/g)].map((m) => m[1]);
  const rels = new Map([...xml('xl/_rels/workbook.xml.rels').matchAll(/<Relationship [^>]*Id="([^"]+)"[^>]*Target="([^"]+)"/g)]
    .map((m) => [m[1], m[2].replace(/^\/?(xl\/)?/, 'xl/')]));
  const out = new Map();
  for (const m of xml('xl/workbook.xml').matchAll(/<sheet [^>]*name="([^"]+)"[^>]*r:id="([^"]+)"/g)) {
    const rows = [];
    for (const r of xml(rels.get(m[2])).matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)) {
      const row = [];
      for (const c of r[1].matchAll(/<c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const attrs = c[1];
        const body = c[2] ?? '';
        const ref = attrs.match(/r="([A-Z]+\d+)"/)?.[1];
        const type = attrs.match(/t="(\w+)"/)?.[1];
        const style = attrs.match(/s="(\d+)"/)?.[1];
        const v = body.match(/<v>([^<]*)<\/v>/)?.[1];
        let text = '';
        if (type === 's') text = shared[Number(v)] ?? '';
        else if (type === 'inlineStr') text = texts(body);
        else if (v !== undefined) text = unescape(v);
        const numeric = !type || type === 'n';
        row[ref ? column(ref) : row.length] = { text, format: numeric && style ? formats.get(xfs[Number(style)]) ?? '' : '' };
      }
      rows.push(Array.from(row, (x) => x ?? { text: '', format: '' }));
    }
    out.set(unescape(m[1]), rows);
  }
  return out;
}

/** An Excel date serial (1900 system) as the wall-clock 'yyyy-mm-dd hh:mm' it shows. */
export function excelDateText(serial) {
  const ms = Math.round((Number(serial) - 25569) * 86400_000);
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}
