/**
 * Sign-in and GET /api/user/info throughput and latency, side by side with a bare Fastify route on
 * the same machine in the same run, so the ratio says what our stack costs whatever the machine.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/secrets';
import { measure, report } from './lib';
import { CLIENT_BASIC, startBenchApp } from './setup';

export default async function authBench() {
  const bench = await startBenchApp();
  const passwordHash = await hashPassword('Mot-de-passe-bench-1');
  await bench.handle.db.insert(users).values(
    Array.from({ length: 100 }, (_, i) => ({
      identifiant: `bench${i}`,
      nom: 'Banc',
      prenom: `Essai ${i}`,
      email: `bench${i}@exemple.fr`,
      habilitations: ['USER' as const],
      passwordHash,
    })),
  );

  const bare = Fastify();
  bare.get('/bare', async () => ({ habilitations: ['USER'], id: 1, nom: 'Banc', prenom: 'Essai' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;

  const signIn = (i: number) =>
    fetch(`${bench.url}/oauth/token`, {
      method: 'POST',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: `bench${i % 100}`,
        password: 'Mot-de-passe-bench-1',
      }),
    });
  const token = ((await (await signIn(0)).json()) as { access_token: string }).access_token;

  const signInMeasure = await measure('POST /oauth/token', async (i) => (await signIn(i)).status === 200, {
    requests: 200,
    concurrency: 4,
    warmup: 10,
  });
  const infoMeasure = await measure(
    'GET /api/user/info',
    async () =>
      (await fetch(`${bench.url}/api/user/info`, { headers: { authorization: `Bearer ${token}` } }))
        .status === 200,
    { requests: 5000, concurrency: 16 },
  );
  const bareMeasure = await measure('route Fastify nue', async () => (await fetch(bareUrl)).status === 200, {
    requests: 5000,
    concurrency: 16,
  });

  report(
    'Authentification',
    [signInMeasure, infoMeasure, bareMeasure],
    [
      `GET /api/user/info atteint ${((infoMeasure.perSecond / bareMeasure.perSecond) * 100).toFixed(1)} % du débit d'une route Fastify nue ` +
        `(rapport ${(bareMeasure.perSecond / infoMeasure.perSecond).toFixed(2)}×).`,
      'La connexion est volontairement lente : argon2id (19 Mio, 2 passes) protège les mots de passe.',
    ],
  );
  await bare.close();
  await bench.close();
}
