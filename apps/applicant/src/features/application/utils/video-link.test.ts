import { describe, expect, it } from 'vitest';
import { isStreamingLink } from './video-link';

// as GET /apply/api/form-rules serves them (core/school/rules.go)
const hosts = ['youtube.com', 'youtu.be', 'vimeo.com', 'tv.naver.com', 'chzzk.naver.com'];

describe('the video essay link as typed (issue 21)', () => {
  it.each([
    'https://www.youtube.com/watch?v=abc',
    'https://youtu.be/abc',
    'http://m.youtube.com/shorts/x',
    'youtube.com/watch?v=abc',
    'https://vimeo.com/123',
    'https://tv.naver.com/v/1',
    'https://chzzk.naver.com/video/1',
    'https://WWW.YOUTUBE.COM./watch',
  ])('refuses %s', (url) => expect(isStreamingLink(url, hosts)).toBe(true));

  it.each([
    '',
    'https://drive.google.com/file/d/1/view',
    'https://example.com/essay.mp4',
    'https://notyoutube.com/x.mp4',
    'https://mybox.naver.com/x',
    'https://',
  ])('lets %s through to the server', (url) => expect(isStreamingLink(url, hosts)).toBe(false));

  it('knows only the hosts it is given', () => {
    expect(isStreamingLink('https://www.youtube.com/watch?v=abc', [])).toBe(false);
    expect(isStreamingLink('https://live.example.tv/1', ['example.tv'])).toBe(true);
  });
});
