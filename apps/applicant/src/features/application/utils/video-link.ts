/**
 * The streaming sites whose links the video essay refuses, as the server's
 * rule holds them (core/school/rules.go, DefaultVideoEssay().StreamingHosts):
 * GET /apply/api/form-rules does not carry them yet, so this is a copy, used
 * only to say so while the link is typed; the server still decides on Save.
 */
export const STREAMING_HOSTS: readonly string[] = [
  'youtube.com', 'youtu.be', 'vimeo.com', 'tv.naver.com', 'tv.kakao.com', 'twitch.tv', 'tiktok.com',
  'instagram.com', 'facebook.com', 'bilibili.com', 'dailymotion.com', 'afreecatv.com', 'chzzk.naver.com',
];

/** Whether a link (as typed so far) points at a streaming site: the host or one under it, as the server compares. */
export function isStreamingLink(raw: string, hosts: readonly string[] = STREAMING_HOSTS): boolean {
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
