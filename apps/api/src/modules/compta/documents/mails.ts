/**
 * The accounting e-mails, sent to the entity's billing address with the PDF attached (DECISIONS §4, §7).
 * Letters about one entity's own invoices, even when a fee call or the reminders send many at once: no
 * List-Unsubscribe, which would offer to stop what a debt does not let stop (docs/decisions/mail.md);
 * the signature says to answer the treasury.
 */
import { deEntite, euros, parisNow } from '@union/contract';
import { frenchDate } from '../../../lib/dates';
import type { NewEmail } from '../../mail/repository';

const SIGNATURE = (union: string) =>
  `\n\nLa trésorerie ${deEntite(union)}\n--\nMessage envoyé depuis l'Intranet de l'Union. Pour toute question, répondez à la trésorerie.`;

interface Facts {
  to: string;
  union: string;
  entite: string;
  objet: string;
  numero: string;
  total: number;
  reste?: number;
  echeance?: string | null;
}

export function quoteEmail(f: Facts): NewEmail {
  return {
    destinataire: f.to,
    sujet: `Devis ${f.numero} – ${f.objet}`,
    texte:
      `Bonjour,\n\nVeuillez trouver ci-joint le devis ${f.numero} adressé à ${f.entite} pour « ${f.objet} », ` +
      `d'un montant de ${euros(f.total)}. Il est valable 30 jours.` +
      SIGNATURE(f.union),
  };
}

export function invoiceEmail(f: Facts): NewEmail {
  return {
    destinataire: f.to,
    sujet: `Facture ${f.numero} – ${f.objet}`,
    texte:
      `Bonjour,\n\nVeuillez trouver ci-joint la facture ${f.numero} adressée à ${f.entite} pour « ${f.objet} », ` +
      `d'un montant de ${euros(f.total)}` +
      (f.echeance ? `, à régler avant le ${frenchDate(f.echeance)}.` : '.') +
      SIGNATURE(f.union),
  };
}

/** A credit note (partial or whole) of an invoice, its PDF attached. */
export function creditNoteEmail(f: Facts & { facture: string; motif: string | null }): NewEmail {
  return {
    destinataire: f.to,
    sujet: `Avoir ${f.numero} sur la facture ${f.facture}`,
    texte:
      `Bonjour,\n\nVeuillez trouver ci-joint l'avoir ${f.numero} adressé à ${f.entite}, ` +
      `d'un montant de ${euros(f.total)}, sur la facture ${f.facture} (« ${f.objet} »)` +
      (f.motif ? ` : ${f.motif}.` : '.') +
      ' Il vient en déduction de ce que la facture laissait à payer ; le surplus éventuel reste au crédit de votre compte.' +
      SIGNATURE(f.union),
  };
}

/**
 * The AV-numbered cancellation of an invoice in the lodge's favour (`total` negative: what the invoice
 * gave the lodge), its PDF attached.
 */
export function cancellationEmail(f: Facts & { facture: string; motif: string | null }): NewEmail {
  return {
    destinataire: f.to,
    sujet: `Avoir ${f.numero} : annulation de la facture ${f.facture}`,
    texte:
      `Bonjour,\n\nVeuillez trouver ci-joint l'avoir ${f.numero} adressé à ${f.entite}, qui annule la facture ` +
      `${f.facture} (« ${f.objet} ») de ${euros(-f.total)} en votre faveur` +
      (f.motif ? ` : ${f.motif}.` : '.') +
      SIGNATURE(f.union),
  };
}

/** The receipt of an invoice paid online by card, to the person who paid; `at` is read in Paris time. */
export function receiptEmail(f: {
  to: string;
  union: string;
  entite: string;
  numero: string;
  montant: number;
  reference: string;
  day: string;
  at: Date;
}): NewEmail {
  return {
    destinataire: f.to,
    sujet: `Reçu de votre paiement de la facture ${f.numero}`,
    texte:
      `Bonjour,\n\nNous avons bien reçu le ${frenchDate(f.day)} à ${parisNow(f.at).time.replace(':', ' h ')} ` +
      `votre paiement par carte de ${euros(f.montant)} pour la facture ${f.numero} adressée à ${f.entite} ` +
      `(référence ${f.reference}). Merci.` +
      SIGNATURE(f.union),
  };
}

const REMINDER_SUBJECTS: Record<number, string> = {
  1: 'Rappel : facture',
  2: 'Deuxième relance : facture',
  3: 'Mise en demeure : facture',
};

export function reminderEmail(f: Facts & { niveau: number }): NewEmail {
  return {
    destinataire: f.to,
    sujet: `${REMINDER_SUBJECTS[f.niveau]} ${f.numero} impayée`,
    texte:
      `Bonjour,\n\nSauf erreur de notre part, la facture ${f.numero} adressée à ${f.entite} pour « ${f.objet} »` +
      (f.echeance ? `, échue le ${frenchDate(f.echeance)},` : '') +
      ` n'est pas entièrement réglée : il reste ${euros(f.reste ?? f.total)} à payer. ` +
      'Vous trouverez notre courrier ci-joint.' +
      SIGNATURE(f.union),
  };
}
