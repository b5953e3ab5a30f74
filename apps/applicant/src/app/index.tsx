import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { setNavigator } from '@/lib/navigation';
import { onGlobalError } from '@/lib/notifications';
import { paths } from '@/config/paths';

export function App() {
  const [router] = useState(createAppRouter);

  useEffect(() => {
    setNavigator((to, options) => void router.navigate(to, options));
    // spec section 4: when the global error is set, the user is sent home
    return onGlobalError(() => void router.navigate(paths.home.getHref()));
  }, [router]);

  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
