/**
 * The meal card as the restaurant manager sees it (issue 21): the bar's header splits what is paid from
 * what is offered as the recap does, and the card's questions name what their button does.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, MealWeekSchema, pathTo, type Meal, type MealWeek } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, noContent, renderApp, reply, signInAs } from '../../../../test/utils';

const MEAL: Meal = {
  id: 4,
  date: '2099-03-03',
  type: 'M',
  titre: 'Blanquette de veau',
  places: 40,
  placesRestantes: 12,
  limite: '2099-03-03T10:00',
  ouvert: true,
  commandable: true,
  notifie: false,
  agapes: null,
  mesAgapes: false,
  plats: [{ id: 11, type: 'M', libelle: 'Menu du jour', prix: 1800 }],
  mesCommandes: [],
  bar: { commandes: 3, montant: 2100, offertes: 1, offert: 1800 },
  actions: ['EDIT', 'DELETE', 'RECAP'],
};

const week = (repas: Meal[]): MealWeek => ({
  debut: '2099-03-02',
  fin: '2099-03-08',
  repas,
  gestion: true,
  entites: [],
});

const SEARCH = `GET ${pathTo(API.restaurant.search, { date: '2099-03-02' })}`;
const NAME = '«\u00a0Blanquette de veau\u00a0», agapes du midi du mardi 3 mars 2099';
/** Amounts are written with a narrow or plain no-break space before the euro sign. */
const euros = (amount: string) => amount.replace(/ /g, '\\s');

describe('the bar header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts the offered orders apart from the total, as the recap does', async () => {
    signInAs(['USER', 'MENUS']);
    mockApi({ [SEARCH]: reply(MealWeekSchema, week([MEAL])) });
    renderApp('/app/restauration?date=2099-03-03');
    const opener = await screen.findByRole('button', { name: /^Commandes \(3\)/ });
    expect(opener.textContent).toMatch(
      new RegExp(
        `^Commandes \\(3\\) · total payant 21,00${euros(' €')} · offert 18,00${euros(' €')} \\(1 commande\\)$`,
      ),
    );
  });

  it('says nothing of offered orders when there are none', async () => {
    signInAs(['USER', 'MENUS']);
    mockApi({
      [SEARCH]: reply(
        MealWeekSchema,
        week([{ ...MEAL, bar: { commandes: 2, montant: 3600, offertes: 0, offert: 0 } }]),
      ),
    });
    renderApp('/app/restauration?date=2099-03-03');
    const opener = await screen.findByRole('button', { name: /^Commandes \(2\)/ });
    expect(opener.textContent).toMatch(new RegExp(`^Commandes \\(2\\) · total payant 36,00${euros(' €')}$`));
  });
});

describe('the meal card’s questions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('« Supprimer le repas » asks with a button saying so (never « Ok »), and Annuler gives the focus back', async () => {
    signInAs(['USER', 'MENUS']);
    const calls = mockApi({
      [SEARCH]: reply(MealWeekSchema, week([MEAL])),
      [`DELETE ${pathTo(API.restaurant.meal, { id: 4 })}`]: noContent(),
    });
    renderApp('/app/restauration?date=2099-03-03');
    const remove = await screen.findByRole('button', { name: `Supprimer le repas ${NAME}` });
    remove.focus();
    fireEvent.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Supprimer le repas' });
    // toHaveTextContent reads no-break spaces as spaces.
    expect(dialog).toHaveTextContent(
      `Supprimer le repas ${NAME.replace(/\u00a0/g, ' ')} et ses commandes non payées ?`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Ok' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toHaveFocus());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Supprimer le repas' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer le repas' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
