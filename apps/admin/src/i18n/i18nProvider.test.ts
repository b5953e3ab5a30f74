import { describe, expect, it, vi } from 'vitest';
import { mockFetch, setCookie } from '../test/fetchMock';

const load = async () => {
    vi.resetModules();
    return (await import('./i18nProvider')).i18nProvider;
};

describe('i18nProvider', () => {
    it('starts in Korean without a locale cookie, and in English with locale=en', async () => {
        let p = await load();
        expect(p.getLocale()).toBe('ko');
        expect(p.translate('ra.action.save')).toBe('저장');
        setCookie('locale', 'en');
        p = await load();
        expect(p.getLocale()).toBe('en');
        expect(p.translate('ra.action.save')).toBe('Save');
    });

    it('asks the server for the shared locale cookie on change, and sets the page language', async () => {
        const { calls } = mockFetch(() => ({ status: 204 }));
        const p = await load();
        await p.changeLocale('en');
        expect(calls.at(-1)).toMatchObject({ method: 'PUT', url: '/user/api/locale', body: { locale: 'en' } });
        expect(document.documentElement.lang).toBe('en');
        expect(document.title).toBe('GradApply Admin');
        expect(p.translate('app.auth.not_admin')).toBe('This account has no administrator rights.');
        await p.changeLocale('ko');
        expect(calls.at(-1)).toMatchObject({ method: 'PUT', url: '/user/api/locale', body: { locale: 'ko' } });
        expect(p.translate('app.auth.not_admin')).toBe('관리자 권한이 없습니다.');
    });

    it('passes a server text through unchanged (it reaches notify() as a key)', async () => {
        const p = await load();
        expect(p.translate('입력값을 확인해 주세요.', { _: '입력값을 확인해 주세요.' })).toBe('입력값을 확인해 주세요.');
    });
});
