/**
 * The provider's side of the shop: its notification (IPN), one address for every kind of online payment,
 * and, without a provider, the simulator that plays it.
 */
import { API } from '@union/contract';
import { z } from 'zod';
import { paymentNotifications } from '../../lib/metrics';
import type { App } from '../../types';
import { dispatchNotification, notificationHandlers } from './notification';
import simulatorRoutes from './simulator';

export default async function paymentProviderRoutes(app: App) {
  // The provider calls this: no bearer, no XSRF cookie; its signature is its only credential.
  app.post(
    API.payments.ipn,
    {
      config: { public: true, noXsrf: true },
      schema: {
        tags: ['carte Union'],
        security: [],
        body: z.record(z.string(), z.string({ message: 'Chaque champ de la notification est un texte.' })),
      },
    },
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
