/**
 * The provider's side of the shop: its notification (IPN), one address for every kind of online payment,
 * and, without a provider, the simulator that plays it.
 */
import { CALLS } from '@union/contract';
import { paymentNotifications } from '../../lib/metrics';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { dispatchNotification, notificationHandlers } from './notification';
import simulatorRoutes from './simulator';

export default async function paymentProviderRoutes(app: App) {
  // The provider calls this: no bearer, no XSRF cookie; its signature is its only credential.
  route(
    app,
    CALLS.payments.ipn,
    { tags: ['carte Union'], security: [], config: { public: true, noXsrf: true } },
    async (request, reply) => {
      const outcome = await dispatchNotification(
        notificationHandlers(),
        app.publicContext(),
        app.config,
        request.body,
      ).catch((error: unknown) => {
        paymentNotifications.inc({ outcome: 'refused' });
        throw error;
      });
      paymentNotifications.inc({ outcome });
      return reply.type('text/plain; charset=utf-8').send(outcome === 'applied' ? 'OK' : `OK (${outcome})`);
    },
  );

  await app.register(simulatorRoutes);
}
