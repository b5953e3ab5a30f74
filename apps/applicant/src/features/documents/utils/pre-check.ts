import type { FileRule } from '../types';

export const MAX_NAME_LENGTH = 40;

/** A refusal the client found before uploading: an i18n key and its values. */
export type PreCheckError = { key: string; values?: Record<string, string | number> };

/** The extension as the server reads it: lower case, jpeg treated as jpg. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot < 0 || dot === name.length - 1) return '';
  const ext = name.slice(dot + 1).toLowerCase();
  return ext === 'jpeg' ? 'jpg' : ext;
}

export function baseNameOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(0, dot);
}

/** Characters counted as the user sees them (Korean syllables count once). */
export function charLength(s: string): number {
  return Array.from(s.normalize('NFC')).length;
}

/**
 * The rules of spec section 5 the browser can see before sending the file:
 * extension, empty file, size limit of the extension, name length. Content
 * checks (leading bytes) and special characters are left to the server,
 * which decides in every case.
 */
export function preCheck(file: { name: string; size: number }, rule: FileRule): PreCheckError | null {
  const ext = extensionOf(file.name);
  const allowed = rule.extensions.map((e) => (e.toLowerCase() === 'jpeg' ? 'jpg' : e.toLowerCase()));
  if (!ext || !allowed.includes(ext)) return { key: 'documents.error.extension', values: { allowed: rule.extensions.join(', ') } };
  if (file.size === 0) return { key: 'documents.error.empty' };
  const limit = rule.limits[ext] ?? (ext === 'jpg' ? rule.limits.jpeg : undefined);
  if (limit !== undefined && file.size > limit) return { key: 'documents.error.tooLarge', values: { max: formatBytes(limit) } };
  if (charLength(baseNameOf(file.name)) > MAX_NAME_LENGTH) return { key: 'documents.error.nameTooLong', values: { max: MAX_NAME_LENGTH } };
  return null;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KB`;
  return `${n} B`;
}
