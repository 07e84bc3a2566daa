import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DocumentList, DocumentListSchema, type Reservation, type Week } from '@union/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const LODGE = 2;
const session = (id: number, date: string, libelle: string, idEntite = LODGE): Reservation => ({
  id,
  idSalle: 1,
  salle: 'Temple Hiram',
  couleurSalle: '#1c7ed6',
  idEntite,
  entite: idEntite === LODGE ? 'Les Chevaliers du Rhône' : 'Tolérance et Progrès',
  date,
  heureDebut: '19:30',
  heureFin: '23:00',
  type: 'TC',
  libelle,
  participants: null,
  commentaire: null,
  etat: 'CR',
  demandeur: null,
  motifRefus: null,
  idPlanning: null,
  actions: ['INFOS'],
});
const SESSIONS = [
  session(10, '2026-03-10', 'Tenue au 1er degré'),
  session(11, '2026-03-10', 'Tenue de Tolérance et Progrès', 3),
  session(12, '2026-03-24', 'Tenue d’initiation'),
  session(13, '2026-04-14', 'Tenue de solstice'),
];
const LIST: DocumentList = {
  total: 0,
  documents: [],
  publication: [{ id: LODGE, nom: 'Les Chevaliers du Rhône', bureau: false }],
  tailleMax: 20 * 1024 * 1024,
};

/** The week search of every Monday from January to June 2026, each with its sessions. */
function weeks(status = 200) {
  const answers: Record<string, { status: number; body: unknown }> = {};
  for (let day = new Date(Date.UTC(2025, 11, 29)); day < new Date(Date.UTC(2026, 6, 1));) {
    const monday = day.toISOString().slice(0, 10);
    day = new Date(day.getTime() + 7 * 86_400_000);
    const sunday = new Date(day.getTime() - 86_400_000).toISOString().slice(0, 10);
    const body: Week = {
      debut: monday,
      fin: sunday,
      reservations: SESSIONS.filter((s) => s.date >= monday && s.date <= sunday),
      fermetures: [],
      gestion: false,
      regles: { preavisHeures: 0, premierCreneau: null, dernierJour: '2027-12-31' },
    };
    answers[`GET /api/reservation/search/${monday}`] =
      status === 200
        ? { status, body }
        : { status, body: { status, error: 'forbidden', message: 'Refusé.' } };
  }
  return answers;
}

describe('the convocation’s session picker (publish form)', () => {
  beforeEach(() => {
    // Today is Tuesday 3 March 2026: the document's date, hence the month shown first.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-03T10:00:00Z'));
    signInAs(['USER', 'LOGE', 'PLANNING', 'DOCUMENTS_LECTURE']);
    document.cookie = 'XSRF-TOKEN=x; path=/';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers the lodge’s sessions of the whole month, searchable, and the other months of the year', async () => {
    const calls = mockApi({
      'GET /api/document/all?parPage=1': reply(DocumentListSchema, LIST),
      ...weeks(),
    });
    renderApp('/app/doc/publier');
    const picker = await screen.findByRole(
      'textbox',
      { name: 'Tenue convoquée (facultatif)' },
      { timeout: 5000 },
    );
    await waitFor(() =>
      expect(
        screen.getByText("Les tenues de l'entité en mars 2026 ; tapez un jour ou un mot pour filtrer."),
      ).toBeInTheDocument(),
    );
    // The month is read week by week through the planning's own search: six weeks touch March 2026.
    expect(calls.filter((c) => c.path.startsWith('/api/reservation/search/')).map((c) => c.path)).toEqual(
      ['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'].map(
        (monday) => `/api/reservation/search/${monday}`,
      ),
    );

    // Mantine's dropdown is a transition jsdom never runs to its end: the options stay `hidden`.
    const optionsOf = (input: HTMLElement) => {
      const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
      return listbox
        ? within(listbox)
            .queryAllByRole('option', { hidden: true })
            .map((o) => o.textContent ?? '')
        : [];
    };
    const options = () => optionsOf(picker);
    await userEvent.click(picker);
    await waitFor(() =>
      expect(options()).toEqual([
        'mardi 10 mars 2026, 19:30 : Tenue au 1er degré (Temple Hiram)',
        'mardi 24 mars 2026, 19:30 : Tenue d’initiation (Temple Hiram)',
      ]),
    );

    // Typing filters: a word of the title.
    await userEvent.type(picker, 'initiation');
    await waitFor(() => expect(options()).toEqual([expect.stringContaining('24 mars 2026')]));
    await userEvent.click(screen.getByRole('option', { name: /24 mars 2026/, hidden: true }));
    expect(picker).toHaveValue('mardi 24 mars 2026, 19:30 : Tenue d’initiation (Temple Hiram)');

    // The next month: its sessions, while the one chosen stays chosen.
    await userEvent.click(screen.getByRole('button', { name: 'Mois suivant : avril 2026' }));
    const month = screen.getByRole('textbox', { name: 'Mois de la tenue' });
    await waitFor(() => expect(month).toHaveValue('avril 2026'));
    expect(picker).toHaveValue('mardi 24 mars 2026, 19:30 : Tenue d’initiation (Temple Hiram)');
    await userEvent.clear(picker);
    await userEvent.click(picker);
    await waitFor(() =>
      expect(options()).toContain('mardi 14 avril 2026, 19:30 : Tenue de solstice (Temple Hiram)'),
    );
    await userEvent.keyboard('{Escape}');

    // Any month of the masonic year, September to August, from the month list.
    await userEvent.click(month);
    await waitFor(() => expect(optionsOf(month)).toContain('juin 2026'));
    const months = optionsOf(month);
    expect(months[0]).toBe('septembre 2025');
    expect(months.at(-1)).toBe('août 2026');
    expect(months).toHaveLength(12);
    await userEvent.click(screen.getByRole('option', { name: 'juin 2026', hidden: true }));
    expect(
      await screen.findByText("Aucune tenue de l'entité en juin 2026 : choisissez un autre mois."),
    ).toBeInTheDocument();
  }, 30_000);

  it('shows no picker to a publisher who does not see the planning', async () => {
    const calls = mockApi({
      'GET /api/document/all?parPage=1': reply(DocumentListSchema, LIST),
      ...weeks(403),
    });
    renderApp('/app/doc/publier');
    expect(await screen.findByRole('heading', { name: 'Publier un document' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/reservation/search/'))).toHaveLength(6),
    );
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Tenue convoquée (facultatif)' })).toBeNull(),
    );
    // The rest of the form is there: a convocation needs no session.
    expect(screen.getByRole('textbox', { name: 'Type' })).toHaveValue('Convocation');
  }, 15_000);
});
