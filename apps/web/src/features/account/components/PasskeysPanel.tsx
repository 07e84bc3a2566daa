/**
 * « Clés d’accès » on the account page (issue 22): the person's passkeys (name, added, last used), adding
 * one (a name and the current password, then the browser's ceremony), renaming, removing after a
 * confirmation that names the key.
 */
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import type { PasskeyRow } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { passkeyErrorMessage } from '../../auth';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { formatDateTime } from '../../../lib/dates';
import { RecoveryCodesList } from '../../../components/second-factor/TotpSetup';
import { CurrentPasswordInput } from './CurrentPasswordInput';
import { SessionsBeforeSecondFactor } from './SessionsBeforeSecondFactor';

function AddPasskey({ onClose }: { onClose: () => void }) {
  const add = useAddPasskey();
  const [nom, setNom] = useState('');
  const [motDePasse, setMotDePasse] = useState('');
  // The first factor of the account comes with its recovery codes, shown once before closing.
  const [codes, setCodes] = useState<string[] | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (nom.trim() && motDePasse)
      add.mutate(
        { nom: nom.trim(), motDePasse },
        { onSuccess: ({ codesSecours }) => (codesSecours?.length ? setCodes(codesSecours) : onClose()) },
      );
  }
  if (codes) {
    return (
      <Stack gap="sm">
        <Text>
          Clé d’accès ajoutée. Si vous perdez l’appareil qui la porte, un code de secours vous permettra de
          vous connecter.
        </Text>
        <RecoveryCodesList codes={codes} />
        <SessionsBeforeSecondFactor />
        <Group justify="flex-end">
          <Button onClick={onClose}>J’ai noté mes codes</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Ajouter une clé d’accès">
      <Stack gap="sm">
        <TextInput
          label="Nom de la clé"
          description="Pour la reconnaître, par exemple « Téléphone » ou « Ordinateur du bureau »"
          required
          maxLength={60}
          value={nom}
          onChange={(event) => setNom(event.currentTarget.value)}
          data-autofocus
        />
        <CurrentPasswordInput value={motDePasse} onChange={setMotDePasse} />
        {add.isError && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert">
            {passkeyErrorMessage(add.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" loading={add.isPending} disabled={!nom.trim() || !motDePasse}>
            Continuer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RenamePasskey({ passkey, onClose }: { passkey: PasskeyRow; onClose: () => void }) {
  const rename = useRenamePasskey();
  const [nom, setNom] = useState(passkey.nom);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (nom.trim()) rename.mutate({ id: passkey.id, nom: nom.trim() }, { onSuccess: onClose });
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Renommer la clé d’accès">
      <Stack gap="sm">
        <TextInput
          label="Nouveau nom"
          required
          maxLength={60}
          value={nom}
          onChange={(event) => setNom(event.currentTarget.value)}
          data-autofocus
        />
        {rename.isError && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert">
            {passkeyErrorMessage(rename.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={!nom.trim()}>
            Renommer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RemovePasskey({ passkey, onClose }: { passkey: PasskeyRow; onClose: () => void }) {
  const remove = useRemovePasskey();
  return (
    <Stack gap="sm">
      <Text>
        Supprimer la clé d’accès « {passkey.nom} » ? Elle ne permettra plus de vous connecter. Si c’est votre
        dernier moyen de double authentification et que vos droits la demandent, il faudra en activer un
        autre.
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} data-autofocus>
          Annuler
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() => remove.mutate(passkey.id, { onSuccess: onClose })}
        >
          Supprimer
        </Button>
      </Group>
    </Stack>
  );
}

type Dialog = { kind: 'add' } | { kind: 'rename' | 'remove'; passkey: PasskeyRow } | null;

export function PasskeysPanel() {
  const { data: passkeys } = usePasskeys();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  if (!passkeys) return null;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Une clé d’accès (empreinte, visage ou code de votre appareil) remplace le code à 6 chiffres après le
        mot de passe, ou permet de se connecter sans mot de passe.
      </Text>
      {passkeys.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune clé d’accès pour le moment.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {passkeys.map((passkey) => (
            <Group key={passkey.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text size="sm" fw={600}>
                  {passkey.nom}
                </Text>
                <Text size="sm" c="dimmed">
                  Ajoutée le {formatDateTime(passkey.creation)} ·{' '}
                  {passkey.derniereUtilisation
                    ? `dernière utilisation le ${formatDateTime(passkey.derniereUtilisation)}`
                    : 'jamais utilisée'}
                </Text>
              </div>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setDialog({ kind: 'rename', passkey })}
                  aria-label={`Renommer la clé d’accès ${passkey.nom}`}
                >
                  Renommer
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  onClick={() => setDialog({ kind: 'remove', passkey })}
                  aria-label={`Supprimer la clé d’accès ${passkey.nom}`}
                >
                  Supprimer
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <Group>
        <Button leftSection={<IconKey size={18} aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
          Ajouter une clé d’accès
        </Button>
      </Group>
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={
          dialog?.kind === 'add'
            ? 'Ajouter une clé d’accès'
            : dialog?.kind === 'rename'
              ? `Renommer « ${dialog.passkey.nom} »`
              : 'Supprimer la clé d’accès'
        }
      >
        {dialog?.kind === 'add' && <AddPasskey onClose={close} />}
        {dialog?.kind === 'rename' && <RenamePasskey passkey={dialog.passkey} onClose={close} />}
        {dialog?.kind === 'remove' && <RemovePasskey passkey={dialog.passkey} onClose={close} />}
      </Modal>
    </Stack>
  );
}
