export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return item.slice(prefix.length);
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}

/** Deletes a readable cookie for the current host and, when the server set it
 * with a Domain attribute, for the parent domains as well. */
export function deleteCookie(name: string): void {
  const expire = `${name}=; path=/; max-age=0; SameSite=Lax`;
  document.cookie = expire;
  const parts = window.location.hostname.split('.');
  for (let i = 0; i < parts.length - 1; i += 1) {
    const domain = parts.slice(i).join('.');
    document.cookie = `${expire}; domain=${domain}`;
    document.cookie = `${expire}; domain=.${domain}`;
  }
}
