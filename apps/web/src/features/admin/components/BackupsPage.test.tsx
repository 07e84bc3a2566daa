import { screen, within } from '@testing-library/react';
import { type BackupEntry, type BackupsOverview, BackupsOverviewSchema } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';
import { formatSize } from './BackupsPage';

const GOOD: BackupEntry = {
  id: 2,
  origine: 'quotidienne',
  debut: '2026-11-25T02:00:00.000Z',
  fin: '2026-11-25T02:00:04.000Z',
  reussie: true,
  fichier: '/var/backups/union/union-intranet-2026-11-25T02-00-00Z.sauvegarde.age',
  taille: 3_500_000,
  chiffree: true,
  erreur: null,
};
const FAILED: BackupEntry = {
  ...GOOD,
  id: 1,
  origine: 'manuelle',
  reussie: false,
  fichier: null,
  taille: null,
  chiffree: false,
  erreur: 'pg_dump est introuvable',
};
const overview = (over: Partial<BackupsOverview> = {}): BackupsOverview => ({
  sauvegardes: [GOOD, FAILED],
  derniereReussie: GOOD.fin,
  enRetard: false,
  quotidienne: { active: true, heure: '03:00', conservees: 14, chiffrees: true },
  ...over,
});

describe('backups page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists time, origin, result, size and file or error, and says the daily settings', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({ 'GET /api/admin/sauvegardes': reply(BackupsOverviewSchema, overview()) });
    renderApp('/app/admin/sauvegardes');
    const table = await screen.findByRole('table', { name: 'Dernières sauvegardes' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/25\/11\/2026 à \d\d:00QuotidienneRéussie3,3 MoOui\/var\/backups/);
    expect(rows[2]).toHaveTextContent('Manuelle (npm run backup)Échec—Nonpg_dump est introuvable');
    expect(screen.getByText(/Dernière sauvegarde réussie le 25\/11\/2026/)).toBeInTheDocument();
    expect(
      screen.getByText(/chaque jour à 03:00 .* garde les 14 dernières sauvegardes, chiffrées/),
    ).toBeInTheDocument();
  });

  it('warns when the last good backup is too old, and says when the daily backup is off', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({
      'GET /api/admin/sauvegardes': reply(
        BackupsOverviewSchema,
        overview({
          enRetard: true,
          quotidienne: { active: false, heure: '03:00', conservees: 14, chiffrees: false },
        }),
      ),
    });
    renderApp('/app/admin/sauvegardes');
    expect(await screen.findByText('Sauvegarde en retard')).toBeInTheDocument();
    expect(screen.getByText(/il y a plus de deux jours/)).toBeInTheDocument();
    expect(screen.getByText('Sauvegarde quotidienne désactivée')).toBeInTheDocument();
  });

  it('writes sizes the French way', () => {
    expect(formatSize(null)).toBe('—');
    expect(formatSize(512)).toBe('512 o');
    expect(formatSize(1536)).toBe('1,5 Ko');
    expect(formatSize(3_500_000)).toBe('3,3 Mo');
  });
});

describe('the portal’s backup warning', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('warns an administrator when no good backup is recent, with a link to the backups', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({
      'GET /api/admin/sauvegardes': reply(
        BackupsOverviewSchema,
        overview({ sauvegardes: [], derniereReussie: null, enRetard: true }),
      ),
    });
    renderApp('/app');
    expect(await screen.findByText('Sauvegardes en retard')).toBeInTheDocument();
    expect(screen.getByText(/Aucune sauvegarde réussie n'est enregistrée/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir les sauvegardes' })).toHaveAttribute(
      'href',
      '/app/admin/sauvegardes',
    );
  });

  it('says nothing when the last good backup is recent', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({ 'GET /api/admin/sauvegardes': reply(BackupsOverviewSchema, overview()) });
    renderApp('/app');
    await screen.findByText('Bonjour Marie');
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/admin/sauvegardes')).toBe(true));
    expect(screen.queryByText('Sauvegardes en retard')).not.toBeInTheDocument();
  });

  it('never asks for anyone but an administrator', async () => {
    signInAs(['USER']);
    const calls = mockApi({});
    renderApp('/app');
    await screen.findByText('Bonjour Marie');
    expect(calls.some((c) => c.path === '/api/admin/sauvegardes')).toBe(false);
  });
});
