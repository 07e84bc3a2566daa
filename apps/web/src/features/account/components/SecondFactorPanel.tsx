/**
 * « Second facteur » on the account page (issue 22): whether an authenticator protects the account, the
 * deadline when the person's rights require one, and its enrolment in a dialog: the current password
 * first (a session alone does not add a factor), then the QR code, then the recovery codes shown once
 * with the sessions opened before, to end.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { frenchDay, parisDay } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { RecoveryCodesList, TotpSetup } from '../../../components/second-factor/TotpSetup';
import { WRAPPING_BUTTON } from '../../../components/wrapping-button';
import { ApiError } from '../../../lib/api-client';
import { useConfirmTotp, useSecondFactorStatus, useStartTotp } from '../api/second-factor';
import { CurrentPasswordInput } from './CurrentPasswordInput';
import { SessionsBeforeSecondFactor } from './SessionsBeforeSecondFactor';

/** « 1er décembre 2026 »: the Paris day of an instant, as French writes it. */
const day = (iso: string) => frenchDay(parisDay(new Date(iso)));

/** The refusal of a call as the dialog says it (a 412's own message), or a general one. */
const refusal = (error: unknown) =>
  error instanceof ApiError && error.status === 412
    ? error.message
    : 'L’activation n’a pas abouti : réessayez dans un instant.';

function CurrentPassword({ onPassword, pending }: { onPassword: (p: string) => void; pending: boolean }) {
  const [motDePasse, setMotDePasse] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (motDePasse) onPassword(motDePasse);
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Confirmer votre mot de passe">
      <Stack gap="sm">
        <CurrentPasswordInput value={motDePasse} onChange={setMotDePasse} autoFocus />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={!motDePasse}>
            Continuer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The dialog's steps: the password, the QR code and first code, the recovery codes. */
function TotpEnrolmentDialog({ onClose }: { onClose: () => void }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) {
    return (
      <Stack gap="sm">
        <Alert color="green" icon={<IconShieldCheck />}>
          L’application d’authentification est activée.
        </Alert>
        <RecoveryCodesList codes={codes} />
        <SessionsBeforeSecondFactor />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            J’ai noté mes codes
          </Button>
        </Group>
      </Stack>
    );
  }
  const error = start.isError ? start.error : confirm.isError ? confirm.error : null;
  return (
    <Stack gap="sm">
      {start.data ? (
        <TotpSetup
          enrolment={start.data}
          pending={confirm.isPending}
          onCode={(code) => confirm.mutate(code, { onSuccess: (answer) => setCodes(answer.codes) })}
        />
      ) : (
        <CurrentPassword pending={start.isPending} onPassword={(p) => start.mutate(p)} />
      )}
      {error && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {refusal(error)}
        </Alert>
      )}
    </Stack>
  );
}

export function SecondFactorPanel() {
  const { data: status } = useSecondFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  if (!status) return null;
  return (
    <>
      {status.totp ? (
        <Stack gap="xs">
          <Alert color="green" icon={<IconShieldCheck />}>
            Votre compte est protégé par une application d’authentification.
          </Alert>
          <Text size="sm">Codes de secours restants : {status.codesSecoursRestants}</Text>
        </Stack>
      ) : (
        <Stack gap="sm">
          {status.obligatoire && status.avant && (
            <Alert color="orange" icon={<IconAlertTriangle />}>
              Vos droits demandent la double authentification : activez-la avant le {day(status.avant)}, sans
              quoi vous ne pourrez plus vous connecter sans l’activer.
            </Alert>
          )}
          <Text size="sm">
            Un code à 6 chiffres de votre téléphone, demandé après le mot de passe, protège votre compte même
            si votre mot de passe est découvert.
          </Text>
          <Group>
            <Button {...WRAPPING_BUTTON} onClick={() => setEnrolling(true)}>
              Activer une application d’authentification
            </Button>
          </Group>
        </Stack>
      )}
      {/* Outside the status's branches: the enrolment confirmed, the dialog stays for the codes. */}
      <Modal
        opened={enrolling}
        onClose={() => setEnrolling(false)}
        title="Activer une application d’authentification"
      >
        {enrolling && <TotpEnrolmentDialog onClose={() => setEnrolling(false)} />}
      </Modal>
    </>
  );
}
