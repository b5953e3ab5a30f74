import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { currentLocale } from './locale';
import { i18nProvider } from './i18n/i18nProvider';
import { AdminRouterProvider, BASENAME, pathFromHashLink, routes } from './router';

document.documentElement.lang = currentLocale();
document.title = i18nProvider.translate('app.title');

const fromHash = pathFromHashLink(window.location.pathname, window.location.hash);
if (fromHash) window.history.replaceState(null, '', fromHash);

const router = createBrowserRouter(routes, { basename: BASENAME });

createRoot(document.getElementById('root')!).render(
    <StrictMode>
        <AdminRouterProvider router={router} />
    </StrictMode>,
);
