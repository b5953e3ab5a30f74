// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesText, download, fileNameOf } from './api';
import { enBackoffice, koBackoffice } from './messages';
import { leaves } from '../i18n/deepMerge';

describe('back-office downloads', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('reads the UTF-8 file name first, then the ASCII one', () => {
        expect(fileNameOf(`attachment; filename="a_.zip"; filename*=UTF-8''%EC%84%9C%EB%A5%98.zip`, 'x')).toBe('서류.zip');
        expect(fileNameOf('attachment; filename="applicants.xlsx"', 'x')).toBe('applicants.xlsx');
        expect(fileNameOf(null, 'download')).toBe('download');
    });

    it('writes byte counts for people', () => {
        expect(bytesText(512)).toBe('512 B');
        expect(bytesText(2048)).toBe('2 KB');
        expect(bytesText(3.5 * 1024 * 1024)).toBe('3.5 MB');
    });

    it('reports progress chunk by chunk against X-Export-Bytes, then saves the file', async () => {
        const parts = [new Uint8Array(300), new Uint8Array(700)];
        const body = new ReadableStream<Uint8Array>({
            start(c) {
                parts.forEach(p => c.enqueue(p));
                c.close();
            },
        });
        vi.stubGlobal('fetch', vi.fn(async () => new Response(body, {
            status: 200,
            headers: { 'X-Export-Bytes': '1000', 'Content-Disposition': 'attachment; filename="documents.zip"', 'Content-Type': 'application/zip' },
        })));
        const u = URL as unknown as { createObjectURL: (b: Blob) => string; revokeObjectURL: (s: string) => void };
        const saved: Blob[] = [];
        u.createObjectURL = b => {
            saved.push(b);
            return 'blob:x';
        };
        u.revokeObjectURL = () => {};
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
        const seen: number[] = [];
        const name = await download('/x', p => {
            expect(p.total).toBe(1000);
            seen.push(p.received);
        });
        expect(name).toBe('documents.zip');
        expect(seen).toEqual([0, 300, 1000]);
        expect(click).toHaveBeenCalledOnce();
        expect(saved[0].size).toBe(1000);
    });

    it('turns a refused download into the server message', async () => {
        vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: 404, message: '모집 회차를 찾을 수 없습니다.' }), { status: 404 })));
        await expect(download('/x', () => {})).rejects.toThrow('모집 회차를 찾을 수 없습니다.');
    });

    it('has the same keys in Korean and English', () => {
        expect(leaves(koBackoffice).map(([k]) => k).sort()).toEqual(leaves(enBackoffice).map(([k]) => k).sort());
    });
});
