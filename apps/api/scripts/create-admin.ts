/**
 * `npm run admin:create -- --identifiant jdupont --email j.dupont@exemple.fr --nom Dupont --prenom Jean`
 * Creates the first administrator of a production database (every habilitation) and prints a link,
 * valid 7 days, where they choose their password. No password ever goes through the command line.
 */
import { parseArgs } from 'node:util';
import { HABILITATION_CODES } from '@union/contract';
import { z } from 'zod';
import { describeDatabase, exitWithoutDatabaseSetting, loadConfigOrExit } from '../src/config';
import { openDatabase } from '../src/db/client';
import { exitIfLocked } from '../src/db/lock';
import { migrate } from '../src/db/migrate';
import { INVITATION_LINK_TTL_MS } from '../src/modules/auth/rules';
import { authRepository } from '../src/modules/auth/repository';
import { invitationEmail } from '../src/modules/mail/templates';
import { mailRepository } from '../src/modules/mail/repository';
import { accountRepository } from '../src/modules/users/account-repository';
import { newToken, tokenHash } from '../src/lib/secrets';

z.config(z.locales.fr());

const Args = z.object({
  identifiant: z.string().trim().min(2, '--identifiant : au moins 2 caractères'),
  email: z.string().trim().pipe(z.email('--email : adresse e-mail invalide')),
  nom: z.string().trim().min(1, '--nom est obligatoire'),
  prenom: z.string().trim().min(1, '--prenom est obligatoire'),
});

const { values } = parseArgs({
  options: {
    identifiant: { type: 'string' },
    email: { type: 'string' },
    nom: { type: 'string' },
    prenom: { type: 'string' },
  },
});
const parsed = Args.safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join('\n'));
  console.error('Usage : npm run admin:create -- --identifiant ID --email ADRESSE --nom NOM --prenom PRÉNOM');
  process.exit(2);
}
const args = parsed.data;
// The embedded base's files it writes are its account's alone, like the server's (server.ts).
process.umask(0o077);
const config = loadConfigOrExit();
exitWithoutDatabaseSetting(config, 'npm run admin:create');
// The same lock as the server's: refused while a server (or another script) has the data directory.
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
  exitIfLocked,
);
await migrate(handle);
try {
  if (await accountRepository.findByIdentifiant(handle.db, args.identifiant))
    throw new Error(`L'identifiant « ${args.identifiant} » existe déjà.`);
  if (await accountRepository.findByEmail(handle.db, args.email))
    throw new Error(`L'adresse « ${args.email} » est déjà utilisée.`);
  const token = newToken();
  const link = `${config.publicUrl}/reinitialiser-mdp?jeton=${encodeURIComponent(token)}`;
  // A command run by hand, outside any request: the machine's clock.
  const now = new Date();
  await handle.db.transaction(async (tx) => {
    const user = await accountRepository.insert(tx, { ...args, habilitations: [...HABILITATION_CODES] }, now);
    await authRepository.insertUserToken(
      tx,
      {
        tokenHash: tokenHash(token),
        userId: user.id,
        purpose: 'invitation',
        expiresAt: new Date(now.getTime() + INVITATION_LINK_TTL_MS),
      },
      now,
    );
    await mailRepository.enqueue(tx, invitationEmail(args.email, args.prenom, args.identifiant, link), now);
  });
  console.log(
    `Administrateur « ${args.identifiant} » créé dans ${describeDatabase(config)}. Lien pour choisir son mot de passe (valable 7 jours) :\n${link}`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
