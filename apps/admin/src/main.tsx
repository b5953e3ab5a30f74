import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { currentLocale } from './locale';
import { i18nProvider } from './i18n/i18nProvider';

/** The server serves index.html for every /sysadmin/* path. */
export const BASENAME = '/sysadmin';

document.documentElement.lang = currentLocale();
document.title = i18nProvider.translate('app.title');

const router = createBrowserRouter([{ path: '*', element: <App /> }], { basename: BASENAME });

createRoot(document.getElementById('root')!).render(
    <StrictMode>
        <RouterProvider router={router} />
    </StrictMode>,
);
