import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { screen } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { renderRoutes } from '@/testing/test-utils';
import { TermsPage, PrivacyPage } from '@/app/routes/legal';
import { termsVersions } from './terms';
import { privacyVersions } from './privacy';

describe('terms of service', () => {
  const current = termsVersions[0];
  it('is in force since 2019-03-07 with 31 articles in Korean and in English, numbered in order', () => {
    expect(current.effective).toBe('2019-03-07');
    expect(current.ko).toHaveLength(31);
    expect(current.en).toHaveLength(31);
    current.ko.forEach((a, i) => expect(a.title).toMatch(new RegExp(`^제${i + 1}조 \\(.+\\)$`)));
    current.en.forEach((a, i) => expect(a.title).toMatch(new RegExp(`^Article ${i + 1} \\(.+\\)$`)));
    for (const a of [...current.ko, ...current.en]) expect(a.paragraphs.join('').length).toBeGreaterThan(40);
  });

  it('states what seed sections 4 and 9 fix, in both languages', () => {
    const ko = current.ko.flatMap((a) => a.paragraphs).join('\n');
    const en = current.en.flatMap((a) => a.paragraphs).join('\n');
    for (const s of ['36개월', '즉시 처리', '10일 이내에 그 사유를 시정', '7일 이내에 청약을 철회', '10영업일 이내', '7일 전부터', '검증 서비스는']) {
      expect(ko).toContain(s);
    }
    for (const s of ['36 months', 'takes effect immediately', 'within 10 days', 'within 7 days', 'within 10 business days', '7 days before', 'cannot be withdrawn or refunded']) {
      expect(en).toContain(s);
    }
  });

  it('renders all 31 article headings on /terms (ko, then en)', async () => {
    await act(() => i18n.changeLanguage('ko'));
    const view = renderRoutes([{ path: '/terms', element: <TermsPage /> }], ['/terms']);
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(31);
    expect(screen.getByRole('heading', { level: 2, name: '제22조 (휴면 계정)' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { level: 2, name: 'Article 22 (Dormant accounts)' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(31);
    view.unmount();
    await act(() => i18n.changeLanguage('ko'));
  });
});

describe('privacy policy', () => {
  // What Article 30 of the Personal Information Protection Act (and its
  // decree) requires a privacy policy to say, one heading each.
  const required: [string, string][] = [
    ['처리 목적', 'Purposes'],
    ['항목', 'Items'],
    ['보유 기간', 'Retention'],
    ['제3자 제공', 'third parties'],
    ['위탁', 'Consignment'],
    ['파기', 'Destruction'],
    ['권리', 'Rights'],
    ['안전성 확보 조치', 'safe'],
    ['자동 수집', 'cookies'],
    ['보호책임자', 'Privacy officer'],
    ['구제', 'Remedies'],
    ['변경', 'Changes'],
  ];
  const current = privacyVersions[0];

  it('has each required heading, in order, in Korean and in English', () => {
    expect(current.ko.map((a) => a.title)).toHaveLength(required.length);
    expect(current.en.map((a) => a.title)).toHaveLength(required.length);
    required.forEach(([ko, en], i) => {
      expect(current.ko[i].title).toContain(ko);
      expect(current.en[i].title).toContain(en);
    });
  });

  it('lists every retention period of seed section 9', () => {
    const ko = current.ko[2].paragraphs.join('\n');
    const en = current.en[2].paragraphs.join('\n');
    for (const s of ['원서 정보: 10년', '준영구', '위탁 관련 기록: 1년', '5년', '3년', '3개월', '불합격자 정보: 1년', '지원자 명단: 5년']) expect(ko).toContain(s);
    for (const s of ['Application information: 10 years', 'semi-permanently', 'Consignment records: 1 year', '5 years', '3 years', '3 months', 'Rejected applicants: 1 year', 'applicant lists: 5 years']) expect(en).toContain(s);
  });

  it('renders on /privacy with its headings', async () => {
    await act(() => i18n.changeLanguage('en'));
    const view = renderRoutes([{ path: '/privacy', element: <PrivacyPage /> }], ['/privacy']);
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(required.length);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    view.unmount();
    await act(() => i18n.changeLanguage('ko'));
  });
});
