import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/Providers';
import { BackLink } from './BackLink';
import { SectionNav } from './SectionNav';

const LINKS = [
  { to: '/app/compta/tableau-de-bord', label: 'Tableau de bord' },
  { to: '/app/compta/commandes', label: 'Factures et devis' },
  { to: '/app/compta/relances', label: 'Relances' },
];

function Where() {
  return <output aria-label="Adresse">{useLocation().pathname}</output>;
}

function at(path: string, page: React.ReactNode) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={page} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Providers>,
  );
}

describe('SectionNav', () => {
  it('is a named navigation of links, the current page marked, and the pages below it too', async () => {
    at('/app/compta/commandes/7', <SectionNav label="Sections de la comptabilité" links={LINKS} />);
    const nav = screen.getByRole('navigation', { name: 'Sections de la comptabilité' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Tableau de bord', 'Factures et devis', 'Relances']);
    expect(links.map((l) => l.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    expect(within(nav).queryAllByRole('button')).toEqual([]);

    await userEvent.click(within(nav).getByRole('link', { name: 'Relances' }));
    expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent('/app/compta/relances');
    expect(within(nav).getByRole('link', { name: 'Relances' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Factures et devis' })).not.toHaveAttribute('aria-current');
  });

  it('a link may say itself when it is current (an address that is also the section’s)', () => {
    at(
      '/app/reservations',
      <SectionNav
        label="Sections du planning"
        links={[
          { to: '/app/reservations', label: 'Planning', current: (p) => p === '/app/reservations' },
          { to: '/app/reservations/demandes', label: 'Mes demandes' },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Planning' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Mes demandes' })).not.toHaveAttribute('aria-current');
  });
});

describe('BackLink', () => {
  it('is a link « Retour » named by its parent, the arrow unspoken, that goes to the parent', async () => {
    at('/app/compta/commandes/7', <BackLink to="/app/compta/commandes" parent="aux factures et devis" />);
    const back = screen.getByRole('link', { name: 'Retour aux factures et devis' });
    expect(back).toHaveAttribute('href', '/app/compta/commandes');
    await userEvent.click(back);
    expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent(/^\/app\/compta\/commandes$/);
  });
});
