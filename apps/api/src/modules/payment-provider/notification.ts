/**
 * The provider's notification (IPN, Lyra Systempay/PayZen protocol), received in this one place for the
 * whole shop: public, its signature its only credential. Here the signature, our site id and mode and
 * the euro are checked, the verdict read, and the order reference (`vads_order_id`) handed to the module
 * that owns that kind of order. The owners stand above this module, so they are not imported: each is
 * entered in the table below at composition (app.ts), keyed by its references' prefix.
 */
import { recordIdOfText } from '@union/contract';
import type { Config } from '../../config';
import type { PublicContext } from '../../lib/context';
import { refused } from '../../lib/errors';
import { hasValidSignature, type Fields } from './signature';

/** What a notification says of the payment: paid, never to be, or a step the owner need not act on. */
export type Verdict = 'PAID' | 'FAILED' | null;
export type NotificationOutcome = 'applied' | 'already_applied' | 'ignored';

/** The provider's verdicts (vads_trans_status) that mean paid, and those that mean it will never be. */
const PAID_STATUSES = new Set(['AUTHORISED', 'AUTHORISED_TO_VALIDATE', 'CAPTURED', 'ACCEPTED']);
const FAILED_STATUSES = new Set(['REFUSED', 'ABANDONED', 'CANCELLED', 'EXPIRED', 'NOT_CREATED']);

export function verdictOf(status: string): Verdict {
  return PAID_STATUSES.has(status) ? 'PAID' : FAILED_STATUSES.has(status) ? 'FAILED' : null;
}

/** The refusals every owner shares, with the provider's words. */
export const unknownPayment = () =>
  refused('ipn_unknown_payment', 'Notification refusée : transaction inconnue.');
export const mismatch = (field: string) =>
  refused('ipn_mismatch', `Notification refusée : ${field} ne correspond pas à la boutique.`);

/**
 * An owner's part: applies a checked notification to its order `id` (the reference without its prefix),
 * once, checking the transaction and the amount against what it stored.
 */
export type NotificationHandler = (
  ctx: PublicContext,
  id: number,
  fields: Fields,
  verdict: Verdict,
) => Promise<NotificationOutcome>;

/** The owners by prefix of their order references (`FACTURE-`; '' for a bare number). */
export type NotificationHandlers = ReadonlyMap<string, NotificationHandler>;

const handlers = new Map<string, NotificationHandler>();

/** Enters the owner of the orders whose reference is `prefix` and a record id (app.ts, at composition). */
export function whenAnOrderIsNotified(prefix: string, handler: NotificationHandler): void {
  handlers.set(prefix, handler);
}

/** The owners entered so far, for the route and for the tests that check the composition. */
export const notificationHandlers = (): NotificationHandlers => handlers;

/** A reference's prefix (capitals and a hyphen, or none) and the rest, which must be a record id. */
const REFERENCE = /^([A-Z]+-)?(.*)$/s;

/**
 * Checks a notification and hands it to its order's owner. Refused (412) when the signature, the shop,
 * the mode or the currency is not ours, or when the reference names no kind of order we have (an
 * unknown prefix) or no record id: we send plain decimal digits, so what else `Number()` would read
 * (" 3", "0x3", "3e0") names nothing.
 */
export async function dispatchNotification(
  table: NotificationHandlers,
  ctx: PublicContext,
  config: Config,
  fields: Fields,
): Promise<NotificationOutcome> {
  if (!hasValidSignature(fields, config.SYSTEMPAY_KEY)) {
    throw refused('ipn_bad_signature', 'Notification refusée : signature invalide.');
  }
  if (fields.vads_site_id !== config.SYSTEMPAY_SITE_ID) throw mismatch('vads_site_id');
  if (fields.vads_ctx_mode !== config.SYSTEMPAY_MODE) throw mismatch('vads_ctx_mode');
  if (fields.vads_currency !== '978') throw mismatch('vads_currency');
  const [, prefix = '', rest = ''] = REFERENCE.exec(fields.vads_order_id ?? '')!;
  const owner = table.get(prefix);
  const id = recordIdOfText(rest);
  if (!owner || id === undefined) throw unknownPayment();
  return owner(ctx, id, fields, verdictOf(fields.vads_trans_status ?? ''));
}
