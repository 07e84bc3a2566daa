/**
 * Where a payment form goes (a card top-up, a lodge's invoice): Lyra's payment page, the address of
 * SYSTEMPAY_URL, or the built-in simulator (never in production).
 */
import { API } from '@union/contract';
import type { Config } from '../../config';

/** Lyra's production payment page, used in production when SYSTEMPAY_URL is not set. */
export const SYSTEMPAY_DEFAULT_URL = 'https://paiement.systempay.fr/vads-payment/';

/** Whether the built-in simulator plays the provider: no provider URL, and never in production. */
export const simulatorEnabled = (config: Config) => !config.SYSTEMPAY_URL && config.NODE_ENV !== 'production';

export const providerUrl = (config: Config) =>
  config.SYSTEMPAY_URL ?? (simulatorEnabled(config) ? API.payments.simulator : SYSTEMPAY_DEFAULT_URL);
