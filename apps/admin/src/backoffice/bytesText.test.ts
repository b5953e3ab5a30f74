// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { bytesText } from './bytesText';
import { enBackoffice, koBackoffice } from './messages';
import { leaves } from '../i18n/merge';

describe('back office', () => {
    it('writes byte counts for people', () => {
        expect(bytesText(512)).toBe('512 B');
        expect(bytesText(2048)).toBe('2 KB');
        expect(bytesText(3.5 * 1024 * 1024)).toBe('3.5 MB');
    });

    it('has the same keys in Korean and English', () => {
        expect(leaves(koBackoffice).map(([k]) => k).sort()).toEqual(leaves(enBackoffice).map(([k]) => k).sort());
    });
});
