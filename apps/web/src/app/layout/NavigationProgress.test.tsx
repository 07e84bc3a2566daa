import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/utils';
import { Providers } from '../Providers';
import { buildRoutes } from '../router';

describe('navigation loader', () => {
  it('shows while a page is loading and hides when it has arrived', async () => {
    let arrive: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const slowSection = {
      path: 'lent',
      habilitation: 'USER' as const,
      routes: [
        {
          index: true,
          lazy: async () => {
            await arrived;
            return { Component: () => <h2>Page arrivée</h2> };
          },
        },
      ],
    };
    signInAs(['USER']);
    const router = createMemoryRouter(buildRoutes([slowSection]), { initialEntries: ['/access-denied'] });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByRole('heading', { name: 'Accès refusé' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    act(() => void router.navigate('/app/lent'));
    expect(await screen.findByRole('progressbar', { name: 'Chargement de la page' })).toBeInTheDocument();

    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Page arrivée' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
