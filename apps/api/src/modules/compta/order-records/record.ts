/**
 * What every room says of an order: the record type of its audit entries and its 404 (beside the rows,
 * below the rooms (orders, payments, reminders, accounts, fee calls) that all name it).
 */
import { notFound } from '../../../lib/errors';

export const RECORD_TYPE = 'accounting_order';

export const orderNotFound = () => notFound("Cette commande n'existe pas.");
