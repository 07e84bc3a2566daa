/**
 * The root view (specification §2 "Shared elements"): the route outlet, the navigation loader, scroll
 * restoration with anchors; toasts and dialogs come from the providers.
 */
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate, useNavigation } from 'react-router';
import { registerNavigate } from '../../lib/navigation';
import './layout.css';

/** The bar that says a page is on its way. */
export function PageLoading() {
  return <div className="navigation-progress" role="progressbar" aria-label="Chargement de la page" />;
}

/** Shown while a navigation is in progress, hidden when it ends, is cancelled or fails. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <PageLoading />;
}

export function RootLayout() {
  const navigate = useNavigate();
  // Dialogs and the error modal navigate from outside React (Ok with a redirection).
  useEffect(() => {
    registerNavigate((to) => void navigate(to));
  }, [navigate]);

  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
