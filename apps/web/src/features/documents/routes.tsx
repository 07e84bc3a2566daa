/** The documents section's pages (under /app/doc), loaded on first visit. */
import type { RouteObject } from 'react-router';

export const documentsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./components/DocumentsPage')).DocumentsPage }),
  },
  {
    path: 'publier',
    lazy: async () => ({ Component: (await import('./components/PublishPage')).PublishPage }),
  },
  {
    path: ':id',
    lazy: async () => ({ Component: (await import('./components/DocumentPage')).DocumentPage }),
  },
];

/** Public pages of the documents module (the e-mails' unsubscribe link). */
export const documentsPublicRoutes: RouteObject[] = [
  {
    path: 'desinscription',
    lazy: async () => ({ Component: (await import('./components/UnsubscribePage')).UnsubscribePage }),
  },
];
