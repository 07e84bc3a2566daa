/** The public sign-in pages (specification §2). */
import type { RouteObject } from 'react-router';
import { ForgotPasswordPage } from './components/ForgotPasswordPage';
import { LoginPage } from './components/LoginPage';
import { ResetPasswordPage } from './components/ResetPasswordPage';

export const authRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'mdp-oublie', element: <ForgotPasswordPage /> },
  { path: 'reinitialiser-mdp', element: <ResetPasswordPage /> },
];
