import { describe, expect, it } from 'vitest';
import { isStreamingLink } from './video-link';

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
  ])('refuses %s', (url) => expect(isStreamingLink(url)).toBe(true));

  it.each([
    '',
    'https://drive.google.com/file/d/1/view',
    'https://example.com/essay.mp4',
    'https://notyoutube.com/x.mp4',
    'https://mybox.naver.com/x',
    'https://',
  ])('lets %s through to the server', (url) => expect(isStreamingLink(url)).toBe(false));
});
