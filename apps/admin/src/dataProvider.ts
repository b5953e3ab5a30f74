import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './httpClient';
import { moneyMethods } from './money/moneyMethods';

/** Admin API root (docs/api-platform.md, "Admin"). Paging via Content-Range. */
export const ADMIN_API = '/apply/api-auth/admin';

export const dataProvider = {
    ...simpleRestProvider(ADMIN_API, httpClient),
    // The money pages' non-REST calls (settlements, refunds): issue 18.
    ...moneyMethods(ADMIN_API),
};
