import { ComingSoon } from '../../../components/ComingSoon';

/** /app/account/commandes: the user's meal orders, served once the restaurant module is built. */
export function MealOrdersPage() {
  return (
    <ComingSoon title="Mes commandes de repas">
      La liste de vos commandes de repas arrive bientôt : elle sera disponible avec le module Restauration.
    </ComingSoon>
  );
}
