/**
 * Which e-mails sent to many people carry List-Unsubscribe (docs/decisions/mail.md): those that follow a
 * preference (documents, messages, menus: their own tests read the headers) do; the fee calls, the
 * reminders and the top-up digest, which follow no preference, do not, and their text says how they stop.
 */
import { describe, expect, it } from 'vitest';
import { invoiceEmail, reminderEmail } from '../src/modules/compta/documents/mails';
import { unsubscribeParts } from '../src/modules/documents/mails';
import { digestEmail } from '../src/modules/restaurant/cards/waiting';

const FACTS = {
  to: 'tresorier@loge.fr',
  union: 'Union',
  entite: 'Loge La Lumière',
  objet: 'Cotisation 2026',
  numero: 'FA-2026-0001',
  total: 12_000,
  echeance: '2026-03-31',
};

describe('List-Unsubscribe on the e-mails sent to many people', () => {
  it('the preference e-mails carry the page link and the one-click headers (RFC 8058)', () => {
    const { pageLink, entetes } = unsubscribeParts('https://intranet.exemple.fr', 'r7.sig');
    expect(pageLink).toContain('https://intranet.exemple.fr/');
    expect(entetes['List-Unsubscribe']).toMatch(/^<https:\/\/intranet\.exemple\.fr\/.+>$/);
    expect(entetes['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('a fee call and a reminder, letters about one entity’s own invoice, carry none and say whom to answer', () => {
    for (const mail of [invoiceEmail(FACTS), reminderEmail({ ...FACTS, niveau: 2 })]) {
      expect(mail.entetes).toBeUndefined();
      expect(mail.texte).toContain('répondez à la trésorerie');
    }
  });

  it('the top-up digest follows the habilitation: no header, and its text says how it stops', () => {
    const mail = digestEmail(
      'tresorier@union.fr',
      [
        {
          id: 1,
          date: new Date('2026-03-03T10:00:00Z'),
          montant: 2000,
          etat: 'P',
          nom: 'Nom',
          prenom: 'Prénom',
        },
      ],
      1,
      'https://intranet.exemple.fr',
    );
    expect(mail.entetes).toBeUndefined();
    expect(mail.texte).toContain(
      'tant que vous avez cette habilitation : un administrateur peut vous la retirer',
    );
  });
});
