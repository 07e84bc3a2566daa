/**
 * Everything the screens rely on: Mantine (theme, French dates with Monday first, modals, toasts at the
 * top) and TanStack Query. Tests wrap screens in the same providers.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
// The pickers' French month and weekday names (locale data only: dates are lib/dates.ts's).
import 'dayjs/locale/fr';
import './a11y.css';

import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSession } from '../lib/session';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * Cached answers belong to one signed-in user: when the session ends or changes (logout, 401, expiry,
 * another tab), they go, so that the next user never sees the previous one's account for a moment.
 */
function ForgetDataOfPreviousSession() {
  const token = useSession()?.accessToken ?? null;
  const queryClient = useQueryClient();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current === token) return;
    previous.current = token;
    // Queries only: the sign-in mutation that changed the session is still running.
    queryClient.removeQueries();
  }, [token, queryClient]);
  return null;
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={client}>
          <ForgetDataOfPreviousSession />
          <ModalsProvider labels={{ confirm: 'Confirmer', cancel: 'Annuler' }}>
            {/* Toasts above dialogs (200) but under the menus and lists a person opens (300): on a phone a
                toast lies over the header, and a tap on the user menu's first entry would hit the toast. */}
            <Notifications position="top-center" zIndex={250} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
