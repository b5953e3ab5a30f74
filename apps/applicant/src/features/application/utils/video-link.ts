/**
 * Whether a link (as typed so far) points at one of the streaming sites the
 * server refuses (hosts: GET /apply/api/form-rules, videoEssay.streamingHosts):
 * the host or one under it, as the server compares. The server still decides on Save.
 */
export function isStreamingLink(raw: string, hosts: readonly string[]): boolean {
  const text = raw.trim();
  if (!text) return false;
  let host: string;
  try {
    // a link typed without its scheme ("youtu.be/x") is judged by its host too
    host = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return false;
  }
  host = host.toLowerCase().replace(/\.$/, '');
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}
