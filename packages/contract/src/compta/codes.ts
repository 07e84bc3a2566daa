/**
 * The accounting's codes (specification §3, §6): order types and states, payment modes, instalments and
 * the actions on an order.
 */
import { z } from 'zod';
import { codeList } from '../enums';

export const OrderType = codeList({
  A: 'Appel de cotisation',
  L: 'Location de salle',
  S: 'Pièce standard',
});
export type OrderType = z.infer<typeof OrderType.schema>;

/** Document state codes of the specification §3: a quote (D…) or an invoice (F…). */
export const OrderState = codeList({
  DC: 'Devis créé',
  DE: 'Devis envoyé',
  DR: 'Devis refusé',
  DA: 'Devis annulé',
  FC: 'Facture en préparation',
  FE: 'Facture émise',
  FP: 'Facture payée',
  FA: 'Facture annulée',
});
export type OrderState = z.infer<typeof OrderState.schema>;

export const PaymentMode = codeList({ C: 'Chèque', V: 'Virement' });
export type PaymentMode = z.infer<typeof PaymentMode.schema>;

/** A payment as recorded: the two the treasurer enters, and B, a lodge's online card payment (issue 20). */
export const RecordedPaymentMode = codeList({
  C: 'Chèque',
  V: 'Virement',
  B: 'CB en ligne',
  P: 'Prélèvement',
});
export type RecordedPaymentMode = z.infer<typeof RecordedPaymentMode.schema>;

/** Membership-fee instalments: three thirds of the year's amount, then the adjustment. */
export const Instalment = codeList({ A: '1er tiers', B: '2e tiers', C: '3e tiers', D: 'Régularisation' });
export type Instalment = z.infer<typeof Instalment.schema>;

/** The second list of rights of the specification §6: the actions allowed on one order now. */
export const OrderAction = codeList({
  READ: 'Consulter',
  EDIT_DEVIS: 'Modifier le devis',
  SEND_DEVIS: 'Envoyer le devis par e-mail',
  DEVIS_SENT: 'Marquer le devis comme envoyé',
  DEVIS_REFUSED: 'Marquer le devis comme refusé',
  DEVIS_CANCELLED: 'Annuler le devis',
  TRANSFORM_DEVIS: 'Transformer en facture',
  EDIT_FACTURE: 'Modifier la facture',
  SEND_FACTURE: 'Émettre et envoyer la facture par e-mail',
  FACTURE_SENT: 'Émettre la facture sans e-mail',
  FACTURE_CANCELLED: 'Annuler la facture',
  FACTURE_PAID: 'Solder la facture',
  RELANCE_FACTURE: 'Envoyer une relance',
  EDIT_PAYMENT: 'Enregistrer un paiement',
  DOWNLOAD_DEVIS: 'Télécharger le devis',
  DOWNLOAD_FACTURE: 'Télécharger la facture',
  // Corrections (issue 20): a credit note, the counter-entry of a wrong payment, the entity's credit used.
  AVOIR_FACTURE: 'Établir un avoir',
  REVERSE_PAYMENT: 'Contre-passer un paiement',
  USE_CREDIT: 'Imputer le crédit de la loge',
});
export type OrderAction = z.infer<typeof OrderAction.schema>;

/** The actions PUT /api/compta/commande?action= takes (READ and the downloads are reads). */
export const OrderChangeAction = z.enum(
  [
    'EDIT_DEVIS',
    'SEND_DEVIS',
    'DEVIS_SENT',
    'DEVIS_REFUSED',
    'DEVIS_CANCELLED',
    'TRANSFORM_DEVIS',
    'EDIT_FACTURE',
    'SEND_FACTURE',
    'FACTURE_SENT',
    'FACTURE_CANCELLED',
    'FACTURE_PAID',
    'RELANCE_FACTURE',
    'EDIT_PAYMENT',
    'AVOIR_FACTURE',
    'REVERSE_PAYMENT',
    'USE_CREDIT',
  ],
  {
    message:
      'Action inconnue : choisissez une action proposée sur la fiche de la pièce (modifier, envoyer, émettre, annuler, solder, relancer, enregistrer un paiement…).',
  },
);
export type OrderChangeAction = z.infer<typeof OrderChangeAction>;
