/** The French e-mails of the restaurant: the menu of a meal, and each step of a card top-up. */
import { DishType, MealType, PAGES, euros, pathTo, type TopUpState } from '@union/contract';
import { unsubscribeParts } from '../documents/mails';
import type { NewEmail } from '../mail/repository';
import { frenchDate } from '../../lib/dates';
import type { DishRecord, MealRow } from './repository';

const SIGNATURE =
  "\n\n--\nIntranet de l'Union\nCe message est envoyé automatiquement, merci de ne pas y répondre.";

/** The menu of a meal, to each recipient, with the link and headers that turn the menus' e-mails off. */
export function menuEmails(
  row: MealRow,
  plats: DishRecord[],
  recipients: { id: number; email: string }[],
  publicUrl: string,
  sign: (userId: number) => string,
): NewEmail[] {
  const m = row.meal;
  const lines = plats.map((d) => `- ${DishType.labels[d.type]} : ${d.libelle} (${euros(d.prix)})`).join('\n');
  const [day, time] = row.limiteLocale.split('T');
  const texte =
    `Bonjour,\n\nLe restaurant de l'Union vous propose « ${m.titre} » (${MealType.labels[m.type]}) ` +
    `le ${frenchDate(m.jour)}.\n\n${lines || '(menu à venir)'}\n\n` +
    `Commandes jusqu'au ${frenchDate(day!)} à ${time}, dans la limite des ${m.places} places.\n` +
    `Commander : ${publicUrl}${pathTo(PAGES.restaurant, {}, { date: m.jour })}` +
    SIGNATURE;
  const sujet = `Menu du ${frenchDate(m.jour)} – ${m.titre}`;
  return recipients.map(({ id, email }) => {
    const { pageLink, entetes } = unsubscribeParts(publicUrl, sign(id));
    return {
      destinataire: email,
      sujet,
      texte: `${texte}\nPour ne plus recevoir les menus du restaurant par e-mail :\n${pageLink}`,
      entetes,
    };
  });
}

const TOP_UP_TEXTS: Record<TopUpState, { sujet: string; intro: string }> = {
  C: { sujet: 'Rechargement en cours', intro: 'Votre rechargement est en cours de paiement.' },
  P: {
    sujet: 'Paiement reçu, rechargement à valider',
    intro:
      'Votre paiement par carte bancaire est accepté. La trésorerie va valider le rechargement de votre carte.',
  },
  R: {
    sujet: 'Rechargement pris en compte',
    intro: 'Votre rechargement est pris en compte par la trésorerie ; il reste à le valider.',
  },
  V: {
    sujet: 'Carte Union rechargée',
    intro: 'Votre rechargement est validé : votre carte Union est créditée.',
  },
  X: {
    sujet: 'Rechargement annulé',
    intro:
      "Votre rechargement est annulé (paiement refusé, abandonné ou annulé) : votre carte n'est pas créditée.",
  },
  E: {
    sujet: 'Rechargement expiré',
    intro:
      "Votre rechargement n'a pas été payé dans la journée : il a expiré et votre carte n'est pas créditée.",
  },
};

/** One e-mail to the member about their top-up's new state. */
export function topUpEmail(
  to: string,
  p: { id: number; montant: number; etat: TopUpState },
  publicUrl: string,
): NewEmail {
  const t = TOP_UP_TEXTS[p.etat];
  return {
    destinataire: to,
    sujet: `${t.sujet} – ${euros(p.montant)}`,
    texte:
      `Bonjour,\n\n${t.intro}\n\nRechargement n° ${p.id} : ${euros(p.montant)}\n\n` +
      `Votre carte : ${publicUrl}${PAGES.card}` +
      SIGNATURE,
  };
}
