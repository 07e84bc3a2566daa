/**
 * Comptabilité's sub-navigation (the shared `SectionNav`): its pages as links under each page's heading,
 * the current one marked; an invoice's or quote's page keeps « Factures et devis » current. The module's
 * actions (« Nouvelle pièce », the bulk calls, the exports) stay buttons beside the heading.
 */
import { SectionNav } from '../../../components/SectionNav';
import { DASHBOARD_PATH, FEE_TABLE_PATH, ORDERS_PATH, REMINDERS_PATH } from './dashboard/links';

export const RECEIVABLES_PATH = '/app/compta/balance-agee';
export const BANK_PATH = '/app/compta/banque';

const LINKS = [
  { to: DASHBOARD_PATH, label: 'Tableau de bord' },
  { to: ORDERS_PATH, label: 'Factures et devis' },
  { to: FEE_TABLE_PATH, label: 'Tableau des cotisations' },
  { to: REMINDERS_PATH, label: 'Relances' },
  { to: RECEIVABLES_PATH, label: 'Balance âgée et FEC' },
  { to: BANK_PATH, label: 'Banque' },
];

export function ComptaNav() {
  return <SectionNav label="Sections de la comptabilité" links={LINKS} />;
}
