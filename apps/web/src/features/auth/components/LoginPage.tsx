/** The login page (specification §2, §5): Identifiant and Mot de passe, both at least one character. */
import { Alert, Button, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconLogin } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { isSignInRefused, secondStepOf, useSignIn, type SecondStep } from '../api/sign-in';
import { PasskeySignInButton } from './PasskeySignInButton';
import { SecondStepForm } from './SecondStep';
import { usePageTitle } from '../../../components/usePageTitle';
import { SubmitButton } from '../../../components/SubmitButton';
import { loadSignedInScreensAhead, whenIdle } from '../../../lib/load-ahead';

const LOGIN_MIN_LENGTH = 1;

export function LoginPage() {
  usePageTitle('Connexion');
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submittedInvalid, setSubmittedInvalid] = useState(false);
  const [step, setStep] = useState<SecondStep | null>(null);
  const valid = username.length >= LOGIN_MIN_LENGTH && password.length >= LOGIN_MIN_LENGTH;
  // The screens after sign-in are fetched while the form is filled (lib/load-ahead.ts).
  useEffect(() => whenIdle(loadSignedInScreensAhead), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) {
      setSubmittedInvalid(true);
      return;
    }
    setSubmittedInvalid(false);
    // Sent before the idle moment came (a password manager, a fast hand): the downloads run beside the token.
    loadSignedInScreensAhead();
    signIn.mutate(
      { username, password },
      {
        onSuccess: () => void navigate('/app/portail'),
        // The password was right: the second step (issue 22) takes over the card.
        onError: (error) => setStep(secondStepOf(error)),
      },
    );
  }

  if (step) {
    return (
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={480} mx="auto">
        <SecondStepForm
          step={step}
          onDone={() => void navigate('/app/portail')}
          onRestart={() => {
            setStep(null);
            setPassword('');
            signIn.reset();
          }}
        />
      </Paper>
    );
  }

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={480} mx="auto">
      <form onSubmit={submit} noValidate aria-label="Connexion">
        <Stack gap="md">
          <Title order={2}>Connexion</Title>
          <TextInput
            label="Identifiant"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            data-autofocus
          />
          <PasswordInput
            label="Mot de passe"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {submittedInvalid && !valid && (
            <Alert color="orange" icon={<IconAlertTriangle />} role="alert">
              le format de l'e-mail est invalide
            </Alert>
          )}
          {signIn.isError && isSignInRefused(signIn.error) && (
            <Alert color="red" icon={<IconAlertTriangle />} role="alert" title="Authentification impossible">
              Vérifiez votre identifiant et votre mot de passe (majuscules comprises), puis réessayez. Mot de
              passe perdu : « Mot de passe oublié ? » ci-dessous. Si cela persiste, votre compte n’a peut-être
              pas accès à l’intranet : contactez le secrétariat de l’Union.
            </Alert>
          )}
          <SubmitButton
            disabledReason={valid ? null : 'Saisissez votre identifiant et votre mot de passe.'}
            loading={signIn.isPending}
            leftSection={<IconLogin size={18} />}
            fullWidth
          >
            Connecter
          </SubmitButton>
          <Group justify="space-between" gap="xs">
            <Button component={Link} to="/" variant="default">
              Retour
            </Button>
            <Button component={Link} to="/mdp-oublie" variant="subtle" px="xs">
              Mot de passe oublié ?
            </Button>
          </Group>
        </Stack>
      </form>
      <PasskeySignInButton onDone={() => void navigate('/app/portail')} />
    </Paper>
  );
}
