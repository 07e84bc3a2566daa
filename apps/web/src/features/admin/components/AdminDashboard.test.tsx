import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, AdminDashboardSchema, type AdminDashboard } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const days = Array.from({ length: 30 }, (_, i) => addDays('2026-11-23', i - 29));
const DASHBOARD: AdminDashboard = {
  date: '2026-11-23',
  connexions: days.map((jour) => ({
    jour,
    reussies: jour === '2026-11-23' ? 5 : 1,
    echouees: jour === '2026-11-22' ? 3 : 0,
  })),
  secondFacteur: [
    { groupe: 'officiers', avec: 4, sans: 2 },
    { groupe: 'autres', avec: 1, sans: 20 },
  ],
  envois: {
    echecs: 2,
    enReprise: 1,
    enAttente: 3,
    jours: days.map((jour) => ({
      jour,
      envoyes: jour === '2026-11-23' ? 7 : 0,
      echecs: jour === '2026-11-22' ? 2 : 0,
    })),
  },
  sauvegarde: {
    derniereReussie: '2026-11-22T04:00:00.000Z',
    ageHeures: 30,
    enRetard: false,
    derniereEchouee: true,
  },
};

const spaced = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

describe('the administration’s dashboard', { timeout: 90_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the administration on its figures and charts, each with its table', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({ 'GET /api/admin/tableau-de-bord': reply(AdminDashboardSchema, DASHBOARD) });
    renderApp('/app/admin');
    const backup = await screen.findByRole('region', { name: 'Dernière sauvegarde réussie' });
    expect(spaced(backup.textContent)).toContain(
      'Il y a 30 hTerminée le 22/11/2026 à 05:00. La dernière tentative a échoué.',
    );
    expect(within(backup).getByRole('link', { name: 'Voir les sauvegardes' })).toHaveAttribute(
      'href',
      '/app/admin/sauvegardes',
    );
    expect(screen.getByRole('button', { name: 'Exporter (Excel)' })).toBeInTheDocument();
    const outbox = screen.getByRole('region', { name: 'E-mails en échec' });
    expect(spaced(outbox.textContent)).toContain('1 en nouvelle tentative, 3 en attente.');

    const factors = screen.getByRole('region', { name: 'Comptes avec et sans second facteur' });
    expect(spaced(factors.textContent)).toContain('Officiers de loge : 4 avec un second facteur, 2 sans.');
    await userEvent.click(within(factors).getByRole('button', { name: 'Voir les chiffres' }));
    expect(
      within(within(factors).getByRole('table'))
        .getAllByRole('row')
        .map((r) => spaced(r.textContent)),
    ).toEqual([
      'Comptes actifsAvec second facteurSans second facteur',
      'Officiers de loge42',
      'Autres comptes120',
    ]);

    const signIns = screen.getByRole('region', { name: 'Connexions par jour' });
    expect(spaced(signIns.textContent)).toContain(
      'Sur trente jours : 34 connexions réussies et 3 tentatives refusées.',
    );
    await userEvent.click(within(signIns).getByRole('button', { name: 'Voir les chiffres' }));
    const rows = within(within(signIns).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(spaced(rows[30]!.textContent)).toBe('23/1150');

    const mails = screen.getByRole('region', { name: 'E-mails envoyés et en échec' });
    expect(spaced(mails.textContent)).toContain(
      '2 e-mails en échec définitif, 1 en nouvelle tentative, 3 en attente d’envoi.',
    );
    // The section's navigation, the dashboard current, and the screen's card both open the users.
    const nav = screen.getByRole('navigation', { name: 'Sections de l’administration' });
    expect(within(nav).getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      screen.getAllByRole('link', { name: /Utilisateurs/ }).map((link) => link.getAttribute('href')),
    ).toEqual(['/app/admin/utilisateurs', '/app/admin/utilisateurs']);
  });
});
