/** The messages section's pages (under /app/diffusions), loaded on first visit. */
import type { RouteObject } from 'react-router';

export const messagesRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./components/MessagesPage')).MessagesPage }),
  },
  {
    path: ':id',
    lazy: async () => ({ Component: (await import('./components/MessageEditorPage')).MessageEditorPage }),
  },
];
