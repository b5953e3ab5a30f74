import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import spectrumKorean from '@spectrum/ra-language-korean';
import { leaves, mergeMessages, overlay } from './merge';
import { enApp, enMessages, koApp, koMessages, MESSAGE_MODULES } from './catalogue';
import { raKoreanCompletion } from './raKoreanCompletion';

const keys = (tree: object) => leaves(tree).map(([k]) => k);
const asMap = (tree: object) => new Map(leaves(tree));
const HANGUL = /[\uac00-\ud7a3]/;
const placeholders = (s: string) => [...s.matchAll(/%\{(\w+)\}/g)].map(m => m[1]).filter(p => p !== 'smart_count').sort();

// Strings that are the same in both languages on purpose.
const SAME_IN_BOTH = new Set(['app.locale.ko', 'app.locale.en', 'app.health.redis', 'ra.boolean.null', 'ra.page.list']);

describe('Korean catalogue', () => {
    it('has every key the English catalogue has (walking both objects)', () => {
        const ko = new Set(keys(koMessages));
        const missing = keys(enMessages).filter(k => !ko.has(k));
        expect(missing).toEqual([]);
        expect(keys(enMessages).length).toBeGreaterThan(164);
    });

    it('covers every react-admin key from Korean sources alone, not by falling back to English', () => {
        const koreanOnly = new Set(keys(overlay(spectrumKorean, raKoreanCompletion)));
        const missing = keys(englishMessages).filter(k => !koreanOnly.has(k));
        expect(missing).toEqual([]);
    });

    it('has the same app keys in both languages', () => {
        expect(keys(koApp).sort()).toEqual(keys(enApp).sort());
    });

    it('is actually Korean: every string has Hangul unless it is meant to be the same', () => {
        const notKorean = leaves(koMessages).filter(
            ([k, v]) => typeof v === 'string' && /[A-Za-z]{3,}/.test(v.replace(/%\{\w+\}/g, '')) && !HANGUL.test(v) && !SAME_IN_BOTH.has(k),
        );
        expect(notKorean).toEqual([]);
    });

    it('keeps the placeholders of the English text and invents none', () => {
        // Korean has one plural form, so it may use only what every English form gets.
        const ko = asMap(koMessages);
        const broken = leaves(enMessages)
            .filter(([k, v]) => typeof v === 'string' && typeof ko.get(k) === 'string')
            .filter(([k, v]) => {
                const forms = (v as string).split('||||').map(placeholders);
                const everyForm = forms[0].filter(p => forms.every(f => f.includes(p)));
                const anyForm = new Set(forms.flat());
                const have = placeholders(ko.get(k) as string);
                const lost = everyForm.some(p => !have.includes(p) && !(p === 'field_lower_first' && have.includes('field')));
                const invented = have.some(p => !anyForm.has(p) && !(p === 'field' && anyForm.has('field_lower_first')));
                // Bulk buttons pass name and smart_count, but no single record.
                const singleOnly = forms.length > 1 && have.includes('recordRepresentation');
                return lost || invented || singleOnly;
            })
            .map(([k]) => k);
        expect(broken).toEqual([]);
    });

    it('has no plural variants (Korean has one form, polyglot would show only the first)', () => {
        expect(leaves(koMessages).filter(([, v]) => typeof v === 'string' && v.includes('||||'))).toEqual([]);
    });

    it('fixes the typos of the community pack', () => {
        const ko = asMap(koMessages);
        expect(ko.get('ra.validation.maxValue')).toBe('최대 %{max} 이하여야 합니다');
        expect(ko.get('ra.auth.username')).toBe('아이디');
    });
});

describe('the app catalogue (one layout: <area>/messages.ts, ko and en side by side)', () => {
    it('refuses a message key given twice, naming it, instead of one text replacing the other', () => {
        expect(() => mergeMessages({ app: { pages: { x: '가' } } }, { app: { pages: { x: '나' } } })).toThrow('app.pages.x');
        // a text where the other tree has a branch, either way round
        expect(() => mergeMessages({ app: { menu: '메뉴' } }, { app: { menu: { money: '결제' } } })).toThrow('app.menu');
        expect(() => mergeMessages({ app: { menu: { money: '결제' } } }, { app: { menu: '메뉴' } })).toThrow('app.menu');
        // and refuses an app text that would redefine one of react-admin's
        expect(() => mergeMessages(koMessages, { ra: { action: { save: '보관' } } })).toThrow('ra.action.save');
    });

    it('joins the areas key by key when they do not overlap', () => {
        expect(mergeMessages({ app: { pages: { a: '1' } } }, { app: { pages: { b: '2' }, menu: { c: '3' } } })).toEqual({
            app: { pages: { a: '1', b: '2' }, menu: { c: '3' } },
        });
    });

    it('builds every catalogue without a key given twice', () => {
        const areas = Object.values(MESSAGE_MODULES);
        expect(() => mergeMessages(...areas.map(m => m.ko))).not.toThrow();
        expect(() => mergeMessages(...areas.map(m => m.en))).not.toThrow();
        expect(keys(koApp).length).toBe(areas.reduce((n, m) => n + keys(m.ko).length, 0));
    });

    it.each(Object.entries(MESSAGE_MODULES))('has the texts of %s in both languages with the same keys', (_, m) => {
        expect(keys(m.ko).sort()).toEqual(keys(m.en).sort());
        expect(keys(m.ko).length).toBeGreaterThan(0);
    });
});
