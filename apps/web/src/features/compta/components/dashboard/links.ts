/** Where the dashboard's bars and table rows lead: the lists they count. */
export const DASHBOARD_PATH = '/app/compta/tableau-de-bord';
export const ORDERS_PATH = '/app/compta/commandes';
/** A lodge's account as the treasurer reads it: its orders and invoices. */
export const lodgeAccountPath = (idEntite: number) => `${ORDERS_PATH}?entite=${idEntite}`;
/** The overdue invoices, oldest due first. */
export const OVERDUE_PATH = `${ORDERS_PATH}?retard=1`;
export const REMINDERS_PATH = '/app/compta/relances';
export const FEE_TABLE_PATH = '/app/compta/cotisations';
