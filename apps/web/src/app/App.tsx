import { createBrowserRouter, RouterProvider } from 'react-router';
import { registerQueryClient, registerSignedInScreens } from '../lib/load-ahead';
import { loadPortalPage } from './portal/routes';
import { prefetchOnIntent } from './prefetch-on-intent';
import { Providers } from './Providers';
import { createQueryClient } from './query-client';
import { buildRoutes, loadAppLayout } from './router';

// What signing in leads to, fetched while the sign-in form is filled (lib/load-ahead.ts). The build puts
// these modules and what they import in one file, `after-sign-in` (apps/web/vite.config.ts).
registerSignedInScreens(() =>
  Promise.all([loadAppLayout(), loadPortalPage(), import('../lib/sign-in-schemas')]),
);

// Created here rather than in the providers: routes ask for data before their page is rendered.
const queryClient = createQueryClient();
registerQueryClient(queryClient);

const router = createBrowserRouter(buildRoutes());
prefetchOnIntent(router.routes);

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
