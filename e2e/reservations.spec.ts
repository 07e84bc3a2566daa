/** The planning journeys of issue 4: a request accepted then deleted on request, and a refused request. */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './fixtures';

/** A day ten days ahead (Paris), away from the demo's closed days. */
function dayAhead(days: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  return day.endsWith('-12-25') || day.endsWith('-05-01') ? dayAhead(days + 1) : day;
}

async function as(browser: Browser, identifiant: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, identifiant);
  return page;
}

/** Selects a free range in a room of the day view and sends the request form. */
async function request(
  page: Page,
  day: string,
  room: string,
  from: string,
  lastSlot: string,
  libelle: string,
) {
  await page.goto(`/app/reservations?date=${day}&vue=jour`);
  await page
    .getByRole('button', { name: `${room}, ${from} à`, exact: false })
    .first()
    .click();
  await page.getByRole('button', { name: new RegExp(`^${room}, ${lastSlot} à`) }).click();
  await page.getByRole('button', { name: 'Demander ce créneau' }).click();
  const form = page.getByRole('dialog', { name: 'Demander une salle' });
  await form.getByRole('textbox', { name: /Libellé/ }).fill(libelle);
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByText('Votre demande est envoyée au secrétariat de l’Union')).toBeVisible();
}

/** Opens a request from "Mes demandes" and returns its panel. */
async function openFromRequests(page: Page, libelle: string) {
  await page.goto('/app/reservations/demandes');
  await page
    .getByRole('button', { name: `Ouvrir « ${libelle} »`, exact: false })
    .first()
    .click();
  return page.getByRole('dialog', { name: 'Réservation' });
}

/** Clicks an action of the panel and answers Ok to its confirmation. */
async function confirmAction(page: Page, panel: ReturnType<Page['getByRole']>, action: string) {
  await panel.getByRole('button', { name: action, exact: true }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `${action} pour` })
    .getByRole('button', { name: 'Ok' })
    .click();
}

test('venerable requests a slot, secretariat accepts; venerable asks its deletion, secretariat accepts', async ({
  browser,
}) => {
  const day = dayAhead(10);
  const libelle = 'Répétition de l’initiation (e2e)';
  const venerable = await as(browser, 'venerable');
  const secretariat = await as(browser, 'secretariat');

  await request(venerable, day, 'Salle Condorcet', '10:00', '11:00', libelle);
  const block = venerable.getByRole('button', {
    name: `${libelle}, Les Chevaliers du Rhône, 10:00 à 11:30`,
    exact: false,
  });
  await expect(block).toBeVisible();
  await expect(block).toContainText('Création demandée');

  let panel = await openFromRequests(secretariat, libelle);
  await expect(panel.getByRole('button', { name: 'Refuser la demande' })).toBeVisible();
  await confirmAction(secretariat, panel, 'Accepter la demande');
  await expect(secretariat.getByText('La demande est acceptée : la salle est réservée.')).toBeVisible();
  await expect(panel.getByText('Confirmée', { exact: true })).toBeVisible();

  await venerable.reload();
  await block.click();
  panel = venerable.getByRole('dialog', { name: 'Réservation' });
  await expect(panel.getByText('Confirmée', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Supprimer', exact: true })).toHaveCount(0);
  await confirmAction(venerable, panel, 'Demander la suppression');
  await expect(venerable.getByText('La demande de suppression est envoyée')).toBeVisible();
  await expect(panel.getByText('Suppression demandée', { exact: true })).toBeVisible();

  panel = await openFromRequests(secretariat, libelle);
  await confirmAction(secretariat, panel, 'Accepter la suppression');
  await expect(secretariat.getByText('La réservation est supprimée.')).toBeVisible();
  await expect(panel.getByText('Supprimée', { exact: true })).toBeVisible();
  await expect(panel.getByText('Accepter la suppression').first()).toBeVisible();

  await venerable.goto(`/app/reservations?date=${day}&vue=jour`);
  await expect(
    venerable.getByRole('button', { name: 'Salle Condorcet, 10:00 à 10:30', exact: true }),
  ).toBeEnabled();
  await expect(venerable.getByRole('button', { name: `${libelle},`, exact: false })).toHaveCount(0);
});

test('a refused request shows its reason to the requester', async ({ browser }) => {
  const day = dayAhead(11);
  const libelle = 'Collège des maîtres (e2e)';
  const reason = 'Le secrétariat réserve la salle pour l’assemblée générale.';
  const venerable = await as(browser, 'venerable');
  const secretariat = await as(browser, 'secretariat');

  await request(venerable, day, 'Salle Condorcet', '14:00', '14:30', libelle);

  const panel = await openFromRequests(secretariat, libelle);
  await panel.getByRole('button', { name: 'Refuser la demande' }).click();
  const reasonDialog = secretariat.getByRole('dialog', { name: 'Refuser la demande' });
  await reasonDialog.getByRole('textbox', { name: /Motif du refus/ }).fill(reason);
  await reasonDialog.getByRole('button', { name: 'Refuser' }).click();
  await expect(secretariat.getByText('La demande est refusée ; le demandeur est prévenu.')).toBeVisible();

  await venerable.goto('/app/reservations/demandes');
  await expect(venerable.getByText(`Refusée : ${reason}`)).toBeVisible();
  await venerable.getByRole('button', { name: `Ouvrir « ${libelle} »`, exact: false }).click();
  const refused = venerable.getByRole('dialog', { name: 'Réservation' });
  await expect(refused.getByText('Demande refusée')).toBeVisible();
  await expect(refused.getByText(`Motif : ${reason}`)).toBeVisible();
});
