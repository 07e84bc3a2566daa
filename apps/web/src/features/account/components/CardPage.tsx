import { ComingSoon } from '../../../components/ComingSoon';

/** /app/account/payments: the user's card, served once the card module is built. */
export function CardPage() {
  return (
    <ComingSoon title="Ma carte Union">
      Le solde, l'historique et le rechargement de votre carte Union arrivent bientôt.
    </ComingSoon>
  );
}
