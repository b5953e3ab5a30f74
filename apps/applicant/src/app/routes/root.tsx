import { Outlet } from 'react-router';
import { MainLayout } from '@/components/layout/main-layout';
import { DocumentTitle } from '@/components/layout/document-title';
import { GlobalLoading } from '@/components/feedback/global-loading';
import { GlobalError } from '@/components/feedback/global-error';
import { Toast } from '@/components/feedback/toast';

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <GlobalLoading />
      <MainLayout>
        <Outlet />
      </MainLayout>
      <Toast />
      <GlobalError />
    </>
  );
}
