/**
 * What every sub-area says of an order: the record type of its audit entries and its 404. At the root
 * of the module, below the sub-areas (orders, payments, reminders, accounts, fee calls) that all name it.
 */
import { notFound } from '../../lib/errors';

export const RECORD_TYPE = 'accounting_order';

export const orderNotFound = () => notFound("Cette commande n'existe pas.");
