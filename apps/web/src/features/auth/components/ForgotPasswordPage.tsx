/**
 * Forgotten password (specification §2, §4, §5): one e-mail field, then the sent confirmation. The server
 * answers the same for any address, so the page never says whether the address is known.
 */
import { Alert, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconMailCheck, IconSend } from '@tabler/icons-react';
import { EmailBodySchema, checkRequest } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { useRequestPasswordReset } from '../api/forgot-password';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard, HomeButton } from './AuthCard';
import { SubmitButton } from '../../../components/SubmitButton';

/** Checked with the contract's schema of the request (PATCH /api/user/password), as the server will. */
function isValidEmail(value: string): boolean {
  return checkRequest(EmailBodySchema, { data: value }).success;
}

export function ForgotPasswordPage() {
  usePageTitle('Mot de passe oublié');
  const [email, setEmail] = useState('');
  const resetRequest = useRequestPasswordReset();
  const valid = isValidEmail(email);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) resetRequest.mutate(email.trim());
  }

  if (resetRequest.isSuccess) {
    return (
      <AuthCard>
        <Stack gap="md">
          <Alert color="green" icon={<IconMailCheck />} title="Un e-mail va être envoyé !">
            Si l'adresse <strong>{email.trim()}</strong> est connue, vous allez recevoir un e-mail contenant
            un lien pour choisir un nouveau mot de passe. Ce lien est valable une heure.
          </Alert>
          <Text size="sm" c="dimmed">
            Vous ne le voyez pas dans quelques minutes ? Pensez à vérifier votre dossier de courriers
            indésirables (spam).
          </Text>
          <HomeButton />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <form onSubmit={submit} noValidate aria-label="Mot de passe oublié">
        <Stack gap="md">
          <Title order={2}>Mot de passe oublié</Title>
          <Text size="sm">
            Saisissez l'adresse e-mail de votre compte. Si elle est connue, un e-mail vous sera envoyé avec un
            lien pour choisir un nouveau mot de passe. Pensez à vérifier votre dossier de courriers
            indésirables (spam).
          </Text>
          <TextInput
            label="Adresse e-mail"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          {email.length > 0 && !valid && (
            <Alert color="yellow" icon={<IconAlertTriangle />} role="alert">
              Attention : le format de l'e-mail est invalide
            </Alert>
          )}
          {resetRequest.isError && (
            <Alert color="red" variant="filled" icon={<IconAlertTriangle />} role="alert">
              le service est inaccessible
            </Alert>
          )}
          <SubmitButton
            fullWidth
            disabledReason={valid ? null : 'Saisissez une adresse e-mail valide.'}
            loading={resetRequest.isPending}
            leftSection={<IconSend size={18} />}
          >
            Envoyer
          </SubmitButton>
          <HomeButton />
        </Stack>
      </form>
    </AuthCard>
  );
}
