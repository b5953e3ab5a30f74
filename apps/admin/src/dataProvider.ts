import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './httpClient';

/** Admin API root (docs/api-platform.md, "Admin"). Paging via Content-Range. */
export const ADMIN_API = '/apply/api-auth/admin';

export const dataProvider = simpleRestProvider(ADMIN_API, httpClient);
