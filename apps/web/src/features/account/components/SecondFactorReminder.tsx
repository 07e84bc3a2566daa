/**
 * The portal's reminder (issue 22): a person whose rights require a second factor and who has none yet,
 * inside the grace period, reads until when they may still sign in without, with the way to the account
 * page's section. Nothing for anyone else, and nothing while the answer is unknown.
 */
import { Alert, Anchor } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { frenchDay, parisDay } from '@union/contract';
import { Link } from 'react-router';
import { useSecondFactorReminderStatus } from '../api/second-factor';

/** The account page's section the link leads to (AccountPage gives its panel this id). */
export const SECOND_FACTOR_SECTION = 'second-facteur';

export function SecondFactorReminder() {
  const { data: status } = useSecondFactorReminderStatus();
  if (!status?.obligatoire || status.totp || !status.avant) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconShieldLock />}
      title={`Activez la double authentification avant le ${frenchDay(parisDay(new Date(status.avant)))}`}
    >
      Vos droits demandent un code de votre téléphone en plus du mot de passe. Après cette date, la connexion
      vous demandera de configurer une application d’authentification avant d’entrer.{' '}
      <Anchor component={Link} to={`/app/account#${SECOND_FACTOR_SECTION}`}>
        Activer la double authentification
      </Anchor>
    </Alert>
  );
}
