import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ClosureList, ClosureListSchema, ClosureResultSchema, type Reservation } from '@union/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, noContent, renderApp, reply, signInAs } from '../../../../test/utils';
import { masonicYearOf } from '@union/contract';
import { todayIso } from '../api/dates';

const year = masonicYearOf(todayIso());
const path = `GET /api/fermeture/${year}-09-01`;
const list = (gestion: boolean): ClosureList => ({
  annee: year,
  fermetures: [{ date: `${year}-12-25`, motif: 'Noël' }],
  gestion,
});

describe('closed days', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the closures of the year; members get neither the form nor the reopen button', async () => {
    signInAs(['USER', 'PLANNING']);
    mockApi({ [path]: reply(ClosureListSchema, list(false)) });
    renderApp('/app/reservations/fermetures');
    expect(await screen.findByText('Noël')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`25 décembre ${year}`))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rouvrir' })).not.toBeInTheDocument();
    expect(screen.queryByText('Fermer un jour')).not.toBeInTheDocument();
  });

  it('says when the year has no closed day', async () => {
    signInAs(['USER', 'PLANNING']);
    mockApi({ [path]: reply(ClosureListSchema, { annee: year, fermetures: [], gestion: false }) });
    renderApp('/app/reservations/fermetures');
    expect(
      await screen.findByText(`Aucun jour de fermeture pour l’année ${year}-${year + 1}.`),
    ).toBeInTheDocument();
  });

  it('lets Union staff reopen a day after confirming', async () => {
    signInAs(['USER', 'PLANNING']);
    const calls = mockApi({
      [path]: reply(ClosureListSchema, list(true)),
      [`DELETE /api/fermeture/${year}-12-25`]: noContent(),
    });
    renderApp('/app/reservations/fermetures');
    expect(await screen.findByText('Fermer un jour')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rouvrir' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rouvrir ce jour' }),
    );
    expect(await screen.findByText(new RegExp(`25 décembre ${year} est rouvert`))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/fermeture/${year}-12-25`)).toBe(true);
  });
  it('lets Union staff close a day, then lists the reservations already on it', async () => {
    signInAs(['USER', 'PLANNING']);
    // The 15th of next month: always ahead of today, and shown once in the month's calendar.
    const target = dayjs().add(1, 'month').date(15).format('YYYY-MM-DD');
    const held: Reservation = {
      id: 4,
      idSalle: 1,
      salle: 'Temple Hiram',
      couleurSalle: '#1c7ed6',
      idEntite: 5,
      entite: 'Les Chevaliers du Rhône',
      date: target,
      heureDebut: '19:30',
      heureFin: '23:00',
      type: 'TC',
      libelle: 'Tenue régulière',
      participants: null,
      commentaire: null,
      etat: 'CR',
      demandeur: null,
      motifRefus: null,
      idPlanning: null,
      actions: ['INFOS'],
    };
    const calls = mockApi({
      [path]: reply(ClosureListSchema, list(true)),
      [`GET /api/fermeture/${target}`]: reply(ClosureListSchema, list(true)),
      [`POST /api/fermeture/${target}`]: reply(ClosureResultSchema, {
        fermeture: { date: target, motif: 'Travaux' },
        reservations: [held],
      }),
    });
    renderApp('/app/reservations/fermetures');
    await userEvent.click(await screen.findByRole('button', { name: 'Date' }));
    const nextMonth = await waitFor(() => {
      const control = document.querySelector<HTMLElement>(
        '.mantine-DatePickerInput-calendarHeaderControl[data-direction="next"]',
      );
      expect(control).not.toBeNull();
      return control!;
    });
    // The popover's control stops the pointer events user-event sends; a plain click reaches it.
    fireEvent.click(nextMonth);
    const label = `15 ${dayjs(target).locale('fr').format('MMMM YYYY')}`;
    const fifteenth = await waitFor(() => {
      const button = document.querySelector<HTMLElement>(`button[aria-label="${label}"]:not([disabled])`);
      expect(button).not.toBeNull();
      return button!;
    });
    fireEvent.click(fifteenth);
    await userEvent.type(screen.getByLabelText(/Motif/), 'Travaux');
    await userEvent.click(screen.getByRole('button', { name: 'Fermer ce jour' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fermer ce jour' }),
    );
    expect(await screen.findByText('Jour fermé : réservations à traiter')).toBeInTheDocument();
    expect(
      screen.getByText('19:30–23:00, Temple Hiram : Les Chevaliers du Rhône (« Tenue régulière »)'),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`/api/fermeture/${target}`);
  });
});
