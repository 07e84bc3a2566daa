/** The administration section's pages (under /app/admin), loaded on first visit. */
import type { RouteObject } from 'react-router';

export const adminRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./components/AdminHomePage')).AdminHomePage }),
  },
  {
    path: 'emails',
    lazy: async () => ({ Component: (await import('./components/EmailOutboxPage')).EmailOutboxPage }),
  },
  {
    path: 'sauvegardes',
    lazy: async () => ({ Component: (await import('./components/BackupsPage')).BackupsPage }),
  },
  {
    path: 'utilisateurs',
    children: [
      {
        index: true,
        // The list's data is asked for beside the page's code, not once it has arrived (issue 18); the
        // page's own queries follow the criteria it changes afterwards.
        loader: ({ request }) => {
          void import('./api/users').then((m) => m.prefetchUserList(new URL(request.url).searchParams));
          return null;
        },
        shouldRevalidate: () => false,
        lazy: async () => ({ Component: (await import('./components/UsersPage')).UsersPage }),
      },
      {
        path: 'nouveau',
        lazy: async () => ({ Component: (await import('./components/UserPage')).UserPage }),
      },
      {
        path: ':userId',
        lazy: async () => ({ Component: (await import('./components/UserPage')).UserPage }),
      },
    ],
  },
  {
    path: 'entites',
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./components/EntitiesPage')).EntitiesPage }),
      },
      {
        path: 'nouvelle',
        lazy: async () => ({ Component: (await import('./components/EntityPage')).EntityPage }),
      },
      {
        path: ':entityId',
        lazy: async () => ({ Component: (await import('./components/EntityPage')).EntityPage }),
      },
    ],
  },
  { path: 'salles', lazy: async () => ({ Component: (await import('./components/RoomsPage')).RoomsPage }) },
  {
    path: 'parametres',
    lazy: async () => ({ Component: (await import('./components/SettingsPage')).SettingsPage }),
  },
];
