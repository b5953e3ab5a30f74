import { describe, expect, it } from 'vitest';
import { memoryStore } from 'react-admin';
import { createStore } from './store';
import { mockFetch, setCookie } from './test/fetchMock';

describe('preferences store', () => {
    it('reads the locale from the shared cookie, not from its own storage', () => {
        const inner = memoryStore({ locale: 'en' });
        const store = createStore(inner);
        expect(store.getItem('locale')).toBe('ko');
        setCookie('locale', 'en');
        expect(store.getItem('locale')).toBe('en');
    });

    it('asks the server to set the shared cookie for a picked locale, reads it back at once and tells subscribers', () => {
        const { calls } = mockFetch(() => ({ status: 204 }));
        const store = createStore(memoryStore());
        store.setup();
        const seen: unknown[] = [];
        store.subscribe('locale', v => seen.push(v));
        store.setItem('locale', 'en');
        expect(calls.map(c => [c.method, c.url, c.body])).toEqual([['PUT', '/user/api/locale', { locale: 'en' }]]);
        expect(store.getItem('locale')).toBe('en');
        expect(seen).toEqual(['en']);
    });

    it('keeps other preferences in the inner store', () => {
        const store = createStore(memoryStore());
        store.setup();
        store.setItem('users.listParams', { page: 2 });
        expect(store.getItem('users.listParams')).toEqual({ page: 2 });
    });
});
