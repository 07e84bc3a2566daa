import { fireEvent, screen, within } from '@testing-library/react';
import { OutboxListSchema, PROFILES, type Habilitation } from '@union/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../test/utils';
import { getSession } from '../lib/session';
import { activeItemUrl, HOME_ENTRIES, HOME_ITEM, visibleEntries } from './menu';

describe('home menu filtering', () => {
  it('has the seven entries of the specification, with their routes and permissions', () => {
    expect(HOME_ENTRIES.map((e) => [e.libelle, e.url, e.habilitation])).toEqual([
      ['Messages', '/app/diffusions', 'DIFFUSION'],
      ['Planning', '/app/reservations', 'PLANNING'],
      ['Restauration', '/app/restauration', 'RESTAURATION'],
      ['Documents', '/app/doc', 'DOCUMENTS_LECTURE'],
      ['Gestion Loge', '/app/loge', 'LOGE'],
      ['Comptabilité Union', '/app/compta', 'COMPTA_LECTURE'],
      ['Administration', '/app/admin', 'ADMIN'],
    ]);
  });

  it('keeps only the entries whose permission the user holds', () => {
    signInAs(['USER', 'RESTAURATION', 'ADMIN']);
    expect(visibleEntries(getSession()).map((e) => e.libelle)).toEqual(['Restauration', 'Administration']);
  });

  it('shows Documents to every profile that reads documents, as the specification names its permission', () => {
    for (const [profile, habilitations] of Object.entries(PROFILES)) {
      if (!habilitations.some((h) => h.startsWith('DOCUMENTS_'))) continue;
      signInAs([...habilitations]);
      expect(
        visibleEntries(getSession()).map((e) => e.libelle),
        profile,
      ).toContain('Documents');
    }
  });

  it('shows nothing once the session has expired', () => {
    signInAs(['USER', 'ADMIN'], { expiresInSeconds: -1 });
    expect(visibleEntries(getSession())).toEqual([]);
  });

  it('the active item is the one whose url is contained in the current url', () => {
    const items = [HOME_ITEM, ...HOME_ENTRIES];
    expect(activeItemUrl('/app/admin/emails', items)).toBe('/app/admin');
    expect(activeItemUrl('/app/portail', items)).toBe('/app/portail');
    expect(activeItemUrl('/app/account', items)).toBeUndefined();
  });
});

describe('portal, main menu and header', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/admin/emails': reply(OutboxListSchema, []) });
  });
  afterEach(() => vi.unstubAllGlobals());

  async function renderPortal(habilitations: Habilitation[]) {
    signInAs(habilitations);
    const view = renderApp('/app/portail');
    await screen.findByRole('heading', { name: /Bonjour Marie/ });
    return view;
  }

  it('the portal offers only the permitted modules', async () => {
    await renderPortal(['USER', 'PLANNING', 'DOCUMENTS_LECTURE']);
    const modules = within(screen.getByRole('navigation', { name: 'Modules' }));
    expect(modules.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/app/reservations',
      '/app/doc',
    ]);
    expect(modules.getByText('Planning de réservation des salles')).toBeInTheDocument();
    expect(modules.queryByText('Administration')).not.toBeInTheDocument();
  });

  it('the main menu starts with Accueil, then the permitted modules, Accueil active on the portal', async () => {
    await renderPortal(['USER', 'ADMIN', 'LOGE']);
    const menu = within(screen.getByRole('navigation', { name: 'Menu principal', hidden: true }));
    const links = menu.getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/app/portail',
      '/app/loge',
      '/app/admin',
    ]);
    expect(links[0]).toHaveTextContent('Accueil');
    expect(links[0]).toHaveAttribute('aria-current', 'page');
  });

  it('Escape closes the open main menu and gives the focus back to the burger', async () => {
    await renderPortal(['USER', 'LOGE']);
    const burger = screen.getByRole('button', { name: 'Déplier le menu' });
    fireEvent.click(burger);
    const link = within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', {
      name: /Gestion Loge/,
    });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(await screen.findByRole('button', { name: 'Déplier le menu' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Déplier le menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('the header shows the name, and the meal orders and card buttons only with their rights', async () => {
    await renderPortal(['USER']);
    expect(screen.getByTestId('user-name')).toHaveTextContent('Marie Membre');
    expect(screen.getByRole('link', { name: 'Mon compte', hidden: true })).toHaveAttribute(
      'href',
      '/app/account',
    );
    expect(
      screen.queryByRole('link', { name: 'Mes commandes de repas', hidden: true }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ma carte Union', hidden: true })).not.toBeInTheDocument();
  });

  it('the header offers meal orders with RESTAURATION and the card with PAYMENT', async () => {
    await renderPortal(['USER', 'RESTAURATION', 'PAYMENT']);
    expect(screen.getByRole('link', { name: 'Mes commandes de repas', hidden: true })).toHaveAttribute(
      'href',
      '/app/account/commandes',
    );
    expect(screen.getByRole('link', { name: 'Ma carte Union', hidden: true })).toHaveAttribute(
      'href',
      '/app/account/payments',
    );
  });

  it('the logo leads to the portal when connected', async () => {
    await renderPortal(['USER']);
    expect(screen.getByRole('link', { name: /Intranet de l'Union : accueil/ })).toHaveAttribute(
      'href',
      '/app/portail',
    );
  });
});
