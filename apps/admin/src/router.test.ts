import { describe, expect, it } from 'vitest';
import { pathFromHashLink } from './router';

// Defect 1: links written the hash way land on the page, not the dashboard.
describe('pathFromHashLink', () => {
    it.each([
        ['/sysadmin/', '#/info-inquiry', '/sysadmin/info-inquiry'],
        ['/sysadmin', '#/recruit-part/list', '/sysadmin/recruit-part/list'],
        ['/sysadmin/index.html', '#/applId/check?x=1', '/sysadmin/applId/check?x=1'],
        ['/sysadmin/', '', null],
        ['/sysadmin/', '#top', null],
        ['/sysadmin/users', '#/info-inquiry', null],
    ])('%s%s -> %s', (pathname, hash, want) => {
        expect(pathFromHashLink(pathname, hash)).toBe(want);
    });
});
