import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createTranslator } from './translator';
import { useTranslation } from './use-translation';
import i18n from './i18n';

function koEn() {
  const tr = createTranslator('ko');
  tr.addResourceBundle('ko', 'translation', { a: { hello: '안녕 {{name}}', files_other: '파일 {{count}}개' } });
  tr.addResourceBundle('en', 'translation', { a: { hello: 'Hello {{name}}', files_one: '{{count}} file', files_other: '{{count}} files' } });
  return tr;
}

describe('translator', () => {
  it('fills placeholders with the values as they are, keeps one without a value', () => {
    const tr = koEn();
    expect(tr.t('a.hello', { name: '<b>Kim</b>' })).toBe('안녕 <b>Kim</b>');
    expect(tr.t('a.hello', { name: null })).toBe('안녕 ');
    expect(tr.t('a.hello')).toBe('안녕 {{name}}');
    expect(tr.t('a.hello', { name: '{{name}}' })).toBe('안녕 {{name}}');
  });

  it('picks the plural form of the language', () => {
    const tr = koEn();
    expect(tr.t('a.files', { count: 1 })).toBe('파일 1개');
    expect(tr.t('a.files', { count: 1, lng: 'en' })).toBe('1 file');
    expect(tr.t('a.files', { count: 3, lng: 'en' })).toBe('3 files');
  });

  it('shows a missing key, a section or an unknown language as empty text', () => {
    const tr = koEn();
    expect(tr.t('a.nothing')).toBe('');
    expect(tr.t('a')).toBe('');
    expect(tr.t('a.hello', { lng: 'fr' })).toBe('');
  });

  it('merges added texts without keeping the given objects', () => {
    const tr = koEn();
    const more = { a: { bye: '잘 가' } };
    tr.addResourceBundle('ko', 'translation', more);
    more.a.bye = 'changed';
    expect(tr.t('a.bye')).toBe('잘 가');
    expect(tr.t('a.hello', { name: 'x' })).toBe('안녕 x');
    tr.addResource('ko', 'translation', 'b.c', '씨');
    expect(tr.t('b.c')).toBe('씨');
    tr.removeResourceBundle('ko');
    expect(tr.hasResourceBundle('ko', 'translation')).toBe(false);
    expect(tr.t('a.bye')).toBe('');
  });

  it('tells the listeners of a language change', async () => {
    const tr = koEn();
    const seen: string[] = [];
    const listener = (lng: string) => seen.push(lng);
    tr.on('languageChanged', listener);
    const t = await tr.changeLanguage('en');
    expect(t('a.hello', { name: 'Kim' })).toBe('Hello Kim');
    tr.off('languageChanged', listener);
    await tr.changeLanguage('ko');
    expect(seen).toEqual(['en']);
  });
});

describe('useTranslation', () => {
  function Greeting() {
    const { t, i18n: inst } = useTranslation();
    return <p lang={inst.language}>{t('nav.signIn')}</p>;
  }

  it('renders again in the new language', async () => {
    render(<Greeting />);
    expect(screen.getByText('로그인')).toHaveProperty('lang', 'ko');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Sign In')).toHaveProperty('lang', 'en');
  });

  it('renders again when texts are added', () => {
    function Late() {
      const { t } = useTranslation();
      return <p data-testid="late">{t('late.text')}</p>;
    }
    render(<Late />);
    expect(screen.getByTestId('late').textContent).toBe('');
    act(() => i18n.addResource('ko', 'translation', 'late.text', '늦은 글'));
    expect(screen.getByTestId('late').textContent).toBe('늦은 글');
  });
});
