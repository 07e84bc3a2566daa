/**
 * Navigation outside React components (error modal, dialogs): the router registers itself here at start;
 * until then, and in tests without a router, a full page load is the fallback.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
