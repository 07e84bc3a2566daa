/**
 * The pre-notification of a SEPA debit (SEPA Core rulebook): before the collection date, the debtor is
 * told the amount, the date, the mandate's reference (RUM) and the creditor's identifier (ICS).
 */
import { euros } from '@union/contract';
import { frenchDate } from '../../../lib/dates';
import type { NewEmail } from '../../mail/repository';

export interface PreNotification {
  to: string;
  union: string;
  entite: string;
  date: string;
  rum: string;
  ics: string;
  factures: { numero: string; montant: number }[];
}

export function preNotificationEmail(n: PreNotification): NewEmail {
  const total = n.factures.reduce((t, f) => t + f.montant, 0);
  const lines = n.factures.map((f) => `- facture ${f.numero} : ${euros(f.montant)}`).join('\n');
  return {
    destinataire: n.to,
    sujet: `Prélèvement SEPA de ${euros(total)} le ${frenchDate(n.date)}`,
    texte:
      `Bonjour,\n\nNous vous informons que ${n.union} prélèvera ${euros(total)} sur le compte de ${n.entite} ` +
      `le ${frenchDate(n.date)}, pour :\n${lines}\n\n` +
      `Référence unique du mandat (RUM) : ${n.rum}\nIdentifiant créancier SEPA (ICS) : ${n.ics}\n\n` +
      'Veillez à ce que le compte soit approvisionné à cette date. Pour toute question, répondez à ce message.' +
      `\n\n${n.union}`,
  };
}
