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

export interface ReturnNotice {
  union: string;
  entite: string;
  numero: string;
  montant: number;
  /** The day the debit was collected, and the day the bank returned it. */
  datePrelevement: string;
  dateRetour: string;
  code: string;
  motif: string;
  /** Rejected before settlement (the batch credited net of it): nothing was collected, nothing reversed. */
  avantReglement?: boolean;
}

/** The lodge told its debit came back: the invoice is due again, with the bank's reason. */
export function returnLodgeEmail(to: string, n: ReturnNotice): NewEmail {
  return {
    destinataire: to,
    sujet: `Prélèvement SEPA rejeté : facture ${n.numero} (${euros(n.montant)})`,
    texte:
      `Bonjour,\n\nLe prélèvement de ${euros(n.montant)} du ${frenchDate(n.datePrelevement)} sur le compte de ` +
      `${n.entite}, pour la facture ${n.numero}, a été rejeté par la banque le ${frenchDate(n.dateRetour)}.\n` +
      `Motif : ${n.motif} (${n.code}).\n\n` +
      `La facture ${n.avantReglement ? 'reste' : 'est de nouveau'} à régler : vous pouvez la payer par virement, ou elle sera présentée au ` +
      'prochain prélèvement après une nouvelle pré-notification. Pour toute question, répondez à ce message.' +
      `\n\n${n.union}`,
  };
}

/** The treasurer told a debit came back and its payment was reversed. */
export function returnTreasurerEmail(to: string, n: ReturnNotice): NewEmail {
  return {
    destinataire: to,
    sujet: `Retour de prélèvement : ${n.entite}, facture ${n.numero}`,
    texte:
      `Bonjour,\n\nLa banque a rejeté le ${frenchDate(n.dateRetour)} le prélèvement de ${euros(n.montant)} ` +
      `de ${n.entite} (facture ${n.numero}, prélevée le ${frenchDate(n.datePrelevement)}).\n` +
      `Motif : ${n.motif} (${n.code}).\n\n` +
      (n.avantReglement
        ? 'Rejeté avant règlement, il n’a pas été encaissé : la facture reste due ; la loge en a été prévenue.'
        : 'Le paiement a été contre-passé et la facture est de nouveau due ; la loge en a été prévenue.') +
      `\n\n${n.union}`,
  };
}
