/**
 * The card provider as the tests play it, with its real protocol (modules/payment-provider): the
 * notification it sends for one of our payment forms, carrying its verdict, signed with the key of the
 * tests' configuration, and the request that delivers it to our IPN.
 */
import { API, type ProviderForm } from '@union/contract';
import { SYSTEMPAY_TEST_KEY } from '../src/config';
import { sign } from '../src/modules/payment-provider/signature';

/**
 * The fields the provider posts back for `form` (its `vads_` fields but the return addresses), with
 * `status` (`AUTHORISED`, `REFUSED`, `ABANDONED`…) and any field `over` replaces, signed with `key`.
 */
export function providerNotification(
  form: Pick<ProviderForm, 'champs'>,
  status = 'AUTHORISED',
  over: Record<string, string> = {},
  key = SYSTEMPAY_TEST_KEY,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(form.champs))
    if (name.startsWith('vads_') && name !== 'vads_url_return' && name !== 'vads_url_check')
      fields[name] = value;
  Object.assign(fields, { vads_trans_status: status, vads_operation_type: 'DEBIT' }, over);
  return { ...fields, signature: sign(fields, key) };
}

/** The IPN call of a notification, as the provider makes it: a form post, before any session. */
export const ipnRequest = (notification: Record<string, string>) => ({
  method: 'POST' as const,
  url: API.payments.ipn,
  noXsrf: true,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(notification).toString(),
});
