/**
 * The second step of the login page (issue 22): a code of the authenticator or a recovery code; or, for
 * an account that must enrol first, the enrolment itself, then its recovery codes.
 */
import { Alert, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { RecoveryCodesList, TotpSetup } from '../../../components/second-factor/TotpSetup';
import { SubmitButton } from '../../../components/SubmitButton';
import { PasskeySecondStepButton } from './PasskeySecondStepButton';
import { isSignInRefused, startRequiredEnrolment, useSecondStep, type SecondStep } from '../api/sign-in';

export function SecondStepForm({
  step,
  onDone,
  onRestart,
}: {
  step: SecondStep;
  onDone: () => void;
  onRestart: () => void;
}) {
  const second = useSecondStep();
  const enrolment = useMutation({ mutationFn: startRequiredEnrolment });
  const [otp, setOtp] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const enrolling = step.kind === 'mfa_enrolment_required';
  const { mutate: startEnrolment } = enrolment;

  useEffect(() => {
    if (enrolling) startEnrolment(step.mfaToken);
  }, [enrolling, startEnrolment, step.mfaToken]);

  function send(code: string) {
    second.mutate(
      { mfaToken: step.mfaToken, otp: code },
      {
        onSuccess: ({ codes: given }) => {
          if (given?.length) setCodes(given);
          else onDone();
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (otp.trim()) send(otp.trim());
  }

  // The code field for what the account has: an authenticator's code and/or a recovery code.
  const totp = step.facteurs.includes('totp');
  const codeField = totp || step.facteurs.includes('code_secours');
  const refused = second.isError && isSignInRefused(second.error) && (
    <Alert color="red" icon={<IconAlertTriangle />} role="alert">
      Code refusé : il est faux, déjà utilisé, ou la connexion a expiré. Réessayez avec un nouveau code, ou
      reconnectez-vous.
    </Alert>
  );

  if (codes) {
    return (
      <Stack gap="md">
        <Title order={2}>Double authentification activée</Title>
        <RecoveryCodesList codes={codes} />
        <Button onClick={onDone}>J’ai noté mes codes, continuer</Button>
      </Stack>
    );
  }

  if (enrolling) {
    return (
      <Stack gap="md">
        <Title order={2}>Activer la double authentification</Title>
        <Text>{step.message}</Text>
        {enrolment.isPending && <Loader aria-label="Préparation du QR code" />}
        {enrolment.isError && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert">
            La connexion a expiré : reconnectez-vous.
          </Alert>
        )}
        {enrolment.data && <TotpSetup enrolment={enrolment.data} pending={second.isPending} onCode={send} />}
        {refused}
        <Button variant="default" onClick={onRestart}>
          Retour
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Vérification en deux étapes">
      <Stack gap="md">
        <Title order={2}>Vérification en deux étapes</Title>
        <Text>{step.message}</Text>
        {step.facteurs.includes('cle_acces') && (
          <PasskeySecondStepButton mfaToken={step.mfaToken} onDone={onDone} />
        )}
        {codeField && (
          <>
            <TextInput
              label={totp ? 'Code de vérification' : 'Code de secours'}
              description={
                totp
                  ? '6 chiffres de l’application, ou un code de secours'
                  : 'Si vous n’avez pas votre clé d’accès'
              }
              name="otp"
              autoComplete="one-time-code"
              required
              value={otp}
              onChange={(event) => setOtp(event.currentTarget.value)}
              data-autofocus
              autoFocus={totp}
            />
            {refused}
            <SubmitButton
              loading={second.isPending}
              disabledReason={otp.trim() ? null : 'Saisissez un code.'}
              fullWidth
            >
              Vérifier
            </SubmitButton>
          </>
        )}
        <Button variant="default" onClick={onRestart}>
          Retour
        </Button>
      </Stack>
    </form>
  );
}
