// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isTyping, navKey } from './ReaderNav';
import { inlineUrl, previewKind } from './ReaderPanels';

const key = (k: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) =>
    ({ key: k, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });

describe('the reader', () => {
    it('moves with j (next) and k (previous), never with a modifier held', () => {
        expect(navKey(key('j'))).toBe('next');
        expect(navKey(key('k'))).toBe('prev');
        expect(navKey(key('j', { ctrlKey: true }))).toBeNull();
        expect(navKey(key('K', { shiftKey: true }))).toBeNull();
        expect(navKey(key('ArrowRight'))).toBeNull();
    });

    it('leaves the keys to a field being typed in and to an open dialog', () => {
        const input = document.createElement('input');
        const area = document.createElement('textarea');
        const dialog = document.createElement('div');
        dialog.setAttribute('role', 'dialog');
        const button = document.createElement('button');
        dialog.appendChild(button);
        document.body.append(input, area, dialog);
        expect(isTyping(input)).toBe(true);
        expect(isTyping(area)).toBe(true);
        expect(isTyping(button)).toBe(true);
        expect(isTyping(document.body)).toBe(false);
    });

    it('previews PDFs and pictures only, through the inline address', () => {
        expect(previewKind('성적증명서.PDF')).toBe('pdf');
        expect(previewKind('photo.jpeg')).toBe('image');
        expect(previewKind('video.mp4')).toBeNull();
        expect(previewKind(null)).toBeNull();
        expect(inlineUrl('/apply/api-auth/appl/doc/file/1/k')).toBe('/apply/api-auth/appl/doc/file/1/k?inline=1');
        expect(inlineUrl('/apply/api-auth/admin/recommend/file/3?kind=pdf')).toBe('/apply/api-auth/admin/recommend/file/3?kind=pdf&inline=1');
    });
});
