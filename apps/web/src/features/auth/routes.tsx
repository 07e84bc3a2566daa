/** The public sign-in pages (specification §2). */
import type { RouteObject } from 'react-router';
import { LoginPage } from './components/LoginPage';

// The login page is part of the first load; the password pages are reached from a link or an e-mail and
// are loaded then.
export const authRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  {
    path: 'mdp-oublie',
    lazy: async () => ({ Component: (await import('./components/ForgotPasswordPage')).ForgotPasswordPage }),
  },
  {
    path: 'reinitialiser-mdp',
    lazy: async () => ({ Component: (await import('./components/ResetPasswordPage')).ResetPasswordPage }),
  },
];
