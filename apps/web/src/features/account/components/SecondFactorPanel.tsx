/**
 * « Second facteur » on the account page (issue 22): whether an authenticator protects the account, the
 * deadline when the person's rights require one, and its enrolment with the recovery codes shown once.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { frenchDay, parisDay } from '@union/contract';
import { useState } from 'react';
import { RecoveryCodesList, TotpSetup } from '../../../components/second-factor/TotpSetup';
import { WRAPPING_BUTTON } from '../../../components/wrapping-button';
import { ApiError } from '../../../lib/api-client';
import { useConfirmTotp, useSecondFactorStatus, useStartTotp } from '../api/second-factor';

/** « 1er décembre 2026 »: the Paris day of an instant, as French writes it. */
const day = (iso: string) => frenchDay(parisDay(new Date(iso)));

export function SecondFactorPanel() {
  const { data: status } = useSecondFactorStatus();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [codes, setCodes] = useState<string[] | null>(null);

  if (!status) return null;
  if (codes) {
    return (
      <Stack gap="sm">
        <Alert color="green" icon={<IconShieldCheck />}>
          L’application d’authentification est activée.
        </Alert>
        <RecoveryCodesList codes={codes} />
        <Button variant="default" onClick={() => setCodes(null)}>
          J’ai noté mes codes
        </Button>
      </Stack>
    );
  }
  if (status.totp) {
    return (
      <Stack gap="xs">
        <Alert color="green" icon={<IconShieldCheck />}>
          Votre compte est protégé par une application d’authentification.
        </Alert>
        <Text size="sm">Codes de secours restants : {status.codesSecoursRestants}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {status.obligatoire && status.avant && (
        <Alert color="orange" icon={<IconAlertTriangle />}>
          Vos droits demandent un second facteur : activez-le avant le {day(status.avant)}, sans quoi vous ne
          pourrez plus vous connecter sans l’activer.
        </Alert>
      )}
      <Text size="sm">
        Un code à 6 chiffres de votre téléphone, demandé après le mot de passe, protège votre compte même si
        votre mot de passe est découvert.
      </Text>
      {!start.data && (
        <Button {...WRAPPING_BUTTON} onClick={() => start.mutate()} loading={start.isPending}>
          Activer une application d’authentification
        </Button>
      )}
      {start.data && (
        <TotpSetup
          enrolment={start.data}
          pending={confirm.isPending}
          onCode={(code) => confirm.mutate(code, { onSuccess: (answer) => setCodes(answer.codes) })}
        />
      )}
      {confirm.isError && confirm.error instanceof ApiError && confirm.error.status === 412 && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {confirm.error.message}
        </Alert>
      )}
    </Stack>
  );
}
