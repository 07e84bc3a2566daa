import { useEffect } from 'react';

const APP_NAME = "Intranet de l'Union";

/** Names the browser tab after the page: "Mon compte – Intranet de l'Union". */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} – ${APP_NAME}` : APP_NAME;
  }, [title]);
}
