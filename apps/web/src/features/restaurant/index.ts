// The account section shows the member's orders and card with the restaurant's own calls and badges.
export { useMyOrders } from './api/restaurant';
export { submitProviderForm, useMyCard, useTopUp } from './api/cards';
export { OrderStateBadge, TopUpStateBadge, mealName } from './components/labels';
export { TopUpsWaiting } from './components/TopUpsWaiting';
