import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { renderWithProviders } from '@/testing/test-utils';
import type { Notice } from '../api/get-notices';
import { NoticeList } from './notice-list';

const notice = (id: number, over: Partial<Notice>): Notice => ({
  id, schoolCode: '236', roundId: null, title: { ko: `공지 ${id}`, en: `Notice ${id}` }, body: { ko: `본문 ${id}`, en: `Body ${id}` },
  starts: '2027-01-05T00:00:00Z', ends: '2027-02-01T00:00:00Z', createdAt: '2027-01-04T00:00:00Z', updatedAt: '2027-01-04T00:00:00Z', ...over,
});

afterEach(async () => {
  await i18n.changeLanguage('ko');
});

describe('notices', () => {
  it('lists them newest first under a heading, each with its source and its day in Korea, the text when opened', async () => {
    renderWithProviders(
      <NoticeList notices={[notice(1, { schoolCode: null, starts: '2027-01-03T16:00:00Z' }), notice(2, { starts: '2027-01-08T00:00:00Z' })]} />,
    );
    const section = screen.getByRole('region', { name: '공지사항' });
    const titles = within(section).getAllByTestId('notice-title').map((t) => t.textContent);
    expect(titles).toEqual(['공지 2', '공지 1']);
    const metas = within(section).getAllByTestId('notice-meta').map((t) => t.textContent);
    // the site's notice says whose it is; 16:00 UTC is the next day in Seoul
    expect(metas).toEqual(['2027-01-08', 'GradApply 공지 · 2027-01-04']);
    const open = screen.getByRole('button', { name: /공지 1/ });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: /공지 1/ }).textContent).toBe('본문 1');
  });

  it('reads in English, falling back to Korean where the school wrote only that', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<NoticeList notices={[notice(3, { title: { ko: '한국어 제목', en: '' }, body: { ko: '한국어 본문', en: '' } }), notice(4, { schoolCode: null })]} sourceOf={(n) => (n.schoolCode ? 'Ewha GSIS' : 'GradApply notice')} />);
    expect(screen.getByRole('heading', { name: 'Notices' })).toBeTruthy();
    expect(screen.getAllByTestId('notice-title').map((t) => t.textContent)).toEqual(['Notice 4', '한국어 제목']);
    expect(screen.getAllByTestId('notice-meta').map((t) => t.textContent)).toEqual(['GradApply notice · 2027-01-05', 'Ewha GSIS · 2027-01-05']);
    expect(screen.getAllByTestId('notice-body')[1].textContent).toBe('한국어 본문');
  });

  it('shows nothing, not even the heading, when there are none', () => {
    const { container } = renderWithProviders(<NoticeList notices={[]} />);
    expect(container.textContent).toBe('');
  });
});
