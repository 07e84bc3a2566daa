/**
 * Choosing a new password through the e-mailed link `reinitialiser-mdp?jeton=…` (DECISIONS §2). An invalid
 * or expired link answers 412 with the server's message, shown by the error modal.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, PasswordResetSchema } from '@union/contract';
import { IconAlertTriangle, IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../api/reset-password';
import { useContractCheck } from '../../../components/forms/contract-form';
import { NewPasswordFields, useNewPassword } from '../../../components/NewPasswordFields';
import { SubmitButton } from '../../../components/SubmitButton';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard, HomeButton } from './AuthCard';

export function ResetPasswordPage() {
  usePageTitle('Nouveau mot de passe');
  const [searchParams] = useSearchParams();
  const jeton = searchParams.get('jeton') ?? '';
  const reset = useResetPassword();
  const password = useNewPassword();
  const { errors, check } = useContractCheck(['data']);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password.valid) return;
    const body = check(PasswordResetSchema, { jeton, data: password.password });
    if (body) reset.mutate(body);
  }

  if (!jeton) {
    return (
      <AuthCard>
        <Stack gap="md">
          <Title order={2}>Nouveau mot de passe</Title>
          <Alert color="yellow" icon={<IconAlertTriangle />}>
            Ce lien est incomplet. Utilisez le lien reçu par e-mail tel quel, ou demandez-en un nouveau.
          </Alert>
          <Group>
            <Button component={Link} to="/mdp-oublie">
              Demander un nouveau lien
            </Button>
          </Group>
        </Stack>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard>
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck />} title="Mot de passe enregistré">
            Votre nouveau mot de passe est enregistré : vous pouvez vous connecter.
          </Alert>
          <Group>
            <Button component={Link} to="/login">
              Me connecter
            </Button>
          </Group>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <form onSubmit={submit} noValidate aria-label="Choisir un nouveau mot de passe">
        <Stack gap="md">
          <Title order={2}>Nouveau mot de passe</Title>
          <Text size="sm">
            Choisissez un mot de passe d'au moins {PASSWORD_MIN_LENGTH} caractères, différent de votre
            identifiant et de votre adresse e-mail.
          </Text>
          <NewPasswordFields
            state={password}
            confirmationLabel="Confirmation du mot de passe"
            error={errors.data}
          />
          <SubmitButton
            fullWidth
            disabledReason={password.reason}
            loading={reset.isPending}
            leftSection={<IconDeviceFloppy size={18} />}
          >
            Enregistrer
          </SubmitButton>
          <HomeButton />
        </Stack>
      </form>
    </AuthCard>
  );
}
