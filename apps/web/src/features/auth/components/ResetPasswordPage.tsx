/**
 * Choosing a new password through the e-mailed link `reinitialiser-mdp?jeton=…` (DECISIONS §2). An invalid
 * or expired link answers 412 with the server's message, shown by the error modal.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, PasswordResetSchema } from '@union/contract';
import { IconAlertTriangle, IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../api/reset-password';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import {
  NEW_PASSWORD_VALUES,
  NewPasswordFields,
  newPasswordReason,
  type NewPasswordValues,
} from '../../../components/NewPasswordFields';
import { SubmitButton } from '../../../components/SubmitButton';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard, HomeButton } from './AuthCard';

export function ResetPasswordPage() {
  usePageTitle('Nouveau mot de passe');
  const [searchParams] = useSearchParams();
  const jeton = searchParams.get('jeton') ?? '';
  const reset = useResetPassword();
  // What the server receives: the link's token and the new password (the confirmation stays here).
  const bodyOf = ({ data }: NewPasswordValues) => ({ jeton, data });
  const form = useForm<NewPasswordValues>({
    initialValues: NEW_PASSWORD_VALUES,
    validate: contractResolver(PasswordResetSchema, bodyOf),
  });
  const reason = newPasswordReason(form.values);

  function submit(values: NewPasswordValues) {
    if (reason) return;
    reset.mutate(PasswordResetSchema.parse(bodyOf(values)));
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
      <form
        noValidate
        onSubmit={form.onSubmit(submit, focusFirstInvalid)}
        aria-label="Choisir un nouveau mot de passe"
      >
        <Stack gap="md">
          <Title order={2}>Nouveau mot de passe</Title>
          <Text size="sm">
            Choisissez un mot de passe d'au moins {PASSWORD_MIN_LENGTH} caractères, différent de votre
            identifiant et de votre adresse e-mail.
          </Text>
          <NewPasswordFields form={form} confirmationLabel="Confirmation du mot de passe" />
          <SubmitButton
            fullWidth
            disabledReason={reason}
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
