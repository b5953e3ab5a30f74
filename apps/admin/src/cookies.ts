/** Reads one cookie by name from document.cookie; undefined when absent. */
export const readCookie = (name: string): string | undefined => {
    if (typeof document === 'undefined') return undefined;
    for (const part of document.cookie.split(';')) {
        const eq = part.indexOf('=');
        if (eq < 0) continue;
        if (part.slice(0, eq).trim() !== name) continue;
        const raw = part.slice(eq + 1).trim();
        try {
            return decodeURIComponent(raw);
        } catch {
            return raw;
        }
    }
    return undefined;
};

/** Writes a site-wide cookie (path /), shared with the applicant app. */
export const writeCookie = (name: string, value: string, maxAgeSeconds: number) => {
    const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax${secure}`;
};
