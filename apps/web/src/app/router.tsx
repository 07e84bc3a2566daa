/**
 * The route tree: public pages under the header-only layout, the authenticated area under /app with one
 * guard per section (built from {@link APP_SECTIONS}), and every unknown path sent to page-not-found.
 */
import { Navigate, type RouteObject } from 'react-router';
import { RequireHabilitation } from '../components/RequireHabilitation';
import { authRoutes } from '../features/auth/routes';
import { publicRoutes } from '../features/public/routes';
import { documentsPublicRoutes } from '../features/documents/routes';
import { PublicLayout } from './layout/PublicLayout';
import { RouteError } from './layout/RouteError';
import { PageLoading, RootLayout } from './layout/RootLayout';
import { APP_SECTIONS, type AppSection } from './sections';

const toNotFound = { path: '*', element: <Navigate to="/page-not-found" replace /> };

/** The authenticated area's frame; also fetched ahead while the sign-in form is filled (App.tsx). */
export const loadAppLayout = () => import('./layout/AppLayout');

export function buildRoutes(sections: AppSection[] = APP_SECTIONS): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      // The first page opened straight at a lazy section's address: the loading bar until it has come.
      hydrateFallbackElement: <PageLoading />,
      children: [
        { element: <PublicLayout />, children: [...publicRoutes, ...authRoutes, ...documentsPublicRoutes] },
        {
          path: 'app',
          element: <RequireHabilitation habilitation="USER" />,
          children: [
            {
              // The authenticated area's frame (header, menu) is loaded once signed in: the landing and
              // login pages do not carry it (nor the sections, each loaded on its first visit).
              lazy: async () => ({ Component: (await loadAppLayout()).AppLayout }),
              children: [
                { index: true, element: <Navigate to="portail" replace /> },
                ...sections.map((section) => ({
                  path: section.path,
                  element: <RequireHabilitation habilitation={section.habilitation} />,
                  children: section.routes,
                })),
                toNotFound,
              ],
            },
          ],
        },
        toNotFound,
      ],
    },
  ];
}
