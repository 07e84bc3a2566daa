/**
 * The enrolment of an authenticator (issue 22), on the account page and at a sign-in that requires it:
 * the QR code (an image with a text alternative), the secret in text for those who type it, and the
 * first code that confirms it.
 */
import { Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { TotpEnrolment } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../SubmitButton';

export function TotpSetup({
  enrolment,
  pending,
  onCode,
}: {
  enrolment: TotpEnrolment;
  pending: boolean;
  onCode: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const ready = /^[0-9]{6}$/.test(code.replace(/\s/g, ''));
  // Grouped by four, as authenticator apps show a secret to type.
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready) onCode(code);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Activer l’application d’authentification">
      <Stack gap="sm">
        <Text size="sm">
          1. Dans votre application d’authentification (par exemple FreeOTP, Aegis, Google Authenticator ou
          Microsoft Authenticator), ajoutez un compte en scannant ce QR code :
        </Text>
        <Group justify="center">
          <Image
            src={enrolment.qr}
            w={180}
            h={180}
            alt="QR code à scanner avec l’application d’authentification (la clé est écrite en dessous)"
          />
        </Group>
        <Text size="sm">Ou saisissez cette clé dans l’application :</Text>
        <Code block aria-label="Clé secrète" style={{ wordBreak: 'break-all' }}>
          {grouped}
        </Code>
        <TextInput
          label="2. Code affiché par l’application"
          description="6 chiffres"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <SubmitButton
          loading={pending}
          disabledReason={ready ? null : 'Saisissez les 6 chiffres affichés par l’application.'}
        >
          Activer
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** The recovery codes, shown once: each in text, to copy or print. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Vos codes de secours : notez-les maintenant, ils ne seront plus affichés.
      </Text>
      <Text size="sm">
        Chaque code ne sert qu’une fois, si vous n’avez plus votre téléphone. Gardez-les en lieu sûr.
      </Text>
      <Code block aria-label="Codes de secours">
        {codes.join('\n')}
      </Code>
    </Stack>
  );
}
