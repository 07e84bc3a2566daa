/**
 * One user: the form (identity and habilitations), the state buttons the server allows, the
 * memberships and the history. Without an id in the address, the same form creates a user and sends
 * the invitation.
 */
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  UserAction,
  UserCreateSchema,
  UserUpdateSchema,
  type Habilitation,
  type UserDetail,
  type UserCreate,
  type UserState,
  type UserUpdate,
} from '@union/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { openDialog } from '../../../components/dialog';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import {
  useAnonymiseUser,
  useCreateUser,
  useResendInvitation,
  useUpdateUser,
  useUser,
  useUserHistory,
} from '../api/users';
import { formatDateTime } from '../../../lib/format';
import { HabilitationsPicker } from './HabilitationsPicker';
import { MembershipsPanel } from './MembershipsPanel';
import { RecordColumns, RecordHeader, RecordPage } from './RecordPage';
import { UserStateBadge } from './UserStateBadge';

interface FormValues {
  identifiant: string;
  nom: string;
  prenom: string;
  email: string;
  telephone: string;
  habilitations: Habilitation[];
}

const valuesOf = (user?: UserDetail): FormValues => ({
  identifiant: user?.identifiant ?? '',
  nom: user?.nom ?? '',
  prenom: user?.prenom ?? '',
  email: user?.email ?? '',
  telephone: user?.telephone ?? '',
  habilitations: user?.habilitations ?? ['USER'],
});

/** The confirmation and the target state of each state button. */
const STATE_BUTTONS: Partial<
  Record<UserAction, { etat: UserState; color: string; question: string; done: string }>
> = {
  ACTIVATE: {
    etat: 'A',
    color: 'green',
    question: 'Réactiver ce compte ? La personne pourra de nouveau se connecter.',
    done: 'Compte réactivé.',
  },
  DEACTIVATE: {
    etat: 'I',
    color: 'orange',
    question: 'Désactiver ce compte ? Ses sessions ouvertes seront fermées immédiatement.',
    done: 'Compte désactivé : ses sessions ont été fermées.',
  },
  DELETE: {
    etat: 'S',
    color: 'red',
    question: 'Supprimer ce compte ? Ses sessions seront fermées ; son historique est conservé.',
    done: 'Compte supprimé : ses sessions ont été fermées.',
  },
};

function UserForm({ user }: { user?: UserDetail }) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const update = useUpdateUser();
  const editable = !user || user.actions.includes('EDIT');
  // What the server receives, checked with its own schema before sending.
  const bodyOf = (values: FormValues): UserCreate | UserUpdate => {
    const fields = {
      nom: values.nom,
      prenom: values.prenom,
      email: values.email,
      telephone: values.telephone.trim() || null,
      habilitations: values.habilitations,
    };
    return user
      ? { ...fields, id: user.id, identifiant: values.identifiant, etat: user.etat }
      : { ...fields, identifiant: values.identifiant.trim() || undefined };
  };
  const form = useForm<FormValues>({
    initialValues: valuesOf(user),
    validate: contractResolver(user ? UserUpdateSchema : UserCreateSchema, bodyOf),
  });

  function submit(values: FormValues) {
    if (!user) {
      create.mutate(UserCreateSchema.parse(bodyOf(values)), {
        onSuccess: (created) => {
          toast('success', `Utilisateur créé : une invitation a été envoyée à ${created.email}.`);
          navigate(`/app/admin/utilisateurs/${created.id}`, { replace: true });
        },
      });
    } else {
      update.mutate(UserUpdateSchema.parse(bodyOf(values)), {
        onSuccess: (saved) => {
          form.setValues(valuesOf(saved));
          form.resetDirty(valuesOf(saved));
          toast('success', 'Utilisateur enregistré.');
        },
      });
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              Identité
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Nom" required disabled={!editable} {...form.getInputProps('nom')} />
              <TextInput label="Prénom" required disabled={!editable} {...form.getInputProps('prenom')} />
              <TextInput
                label="Identifiant"
                required={!!user}
                description={user ? undefined : 'Laissez vide pour « prénom.nom ».'}
                disabled={!editable}
                autoComplete="off"
                {...form.getInputProps('identifiant')}
              />
              <TextInput
                label="E-mail"
                type="email"
                required
                disabled={!editable}
                {...form.getInputProps('email')}
              />
              <TextInput
                label="Téléphone"
                type="tel"
                disabled={!editable}
                {...form.getInputProps('telephone')}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              Habilitations
            </Title>
            <HabilitationsPicker
              value={form.values.habilitations}
              onChange={(value) => form.setFieldValue('habilitations', value)}
              disabled={!editable}
            />
          </Stack>
        </Card>
        {editable && (
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/app/admin/utilisateurs">
              Annuler
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {user ? 'Enregistrer' : "Créer et envoyer l'invitation"}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** The buttons of the actions the server allows besides editing. */
function StateActions({ user }: { user: UserDetail }) {
  const update = useUpdateUser();
  const anonymise = useAnonymiseUser();
  const invite = useResendInvitation();

  async function changeState(action: UserAction) {
    const button = STATE_BUTTONS[action]!;
    if (
      (await openDialog({ type: 'question', title: UserAction.labels[action], text: button.question })) !==
      'ok'
    )
      return;
    const body: UserUpdate = {
      id: user.id,
      identifiant: user.identifiant,
      nom: user.nom,
      prenom: user.prenom,
      email: user.email,
      telephone: user.telephone,
      habilitations: user.habilitations,
      etat: button.etat,
    };
    update.mutate(body, { onSuccess: () => toast('success', button.done) });
  }

  async function confirmAnonymise() {
    const answer = await openDialog({
      type: 'question',
      title: 'Anonymiser ce compte',
      text:
        "Le nom, le prénom, l'identifiant, l'e-mail et le téléphone seront effacés définitivement. " +
        "L'historique et les appartenances restent, sous un nom anonyme. Cette opération est irréversible.",
    });
    if (answer === 'ok')
      anonymise.mutate(user.id, { onSuccess: () => toast('success', 'Compte anonymisé.') });
  }

  const buttons = user.actions.filter((a) => a !== 'EDIT');
  if (!buttons.length) return null;
  return (
    <Group gap="xs">
      {buttons.map((action) =>
        STATE_BUTTONS[action] ? (
          <Button
            key={action}
            variant="light"
            color={STATE_BUTTONS[action].color}
            loading={update.isPending}
            onClick={() => changeState(action)}
          >
            {UserAction.labels[action]}
          </Button>
        ) : action === 'ANONYMISE' ? (
          <Button
            key={action}
            variant="outline"
            color="red"
            loading={anonymise.isPending}
            onClick={confirmAnonymise}
          >
            {UserAction.labels[action]}
          </Button>
        ) : (
          <Button
            key={action}
            variant="light"
            loading={invite.isPending}
            onClick={() =>
              invite.mutate(user.id, {
                onSuccess: () => toast('success', `Invitation renvoyée à ${user.email}.`),
              })
            }
          >
            {UserAction.labels[action]}
          </Button>
        ),
      )}
    </Group>
  );
}

function ExistingUser({ id }: { id: number }) {
  const { data: user, isPending, isError } = useUser(id);
  const history = useUserHistory(id);
  if (isPending) return <Loader aria-label="Chargement de l'utilisateur" />;
  if (isError || !user) return <Alert color="red">Cet utilisateur n'a pas pu être chargé.</Alert>;
  return (
    <Stack gap="lg">
      <RecordHeader
        title={`${user.prenom} ${user.nom}`}
        badge={<UserStateBadge etat={user.etat} />}
        subtitle={
          <>
            {user.identifiant} — créé le {formatDateTime(user.creeLe)}
            {!user.motDePasseDefini &&
              user.etat === 'A' &&
              ' — invitation en attente (pas encore de mot de passe)'}
          </>
        }
        actions={<StateActions user={user} />}
      />
      {user.anonymise && (
        <Alert color="gray">Ce compte a été anonymisé : il ne peut plus être modifié.</Alert>
      )}
      <RecordColumns history={history}>
        {/* Remount the form when the saved user changes (state buttons, anonymisation). */}
        <UserForm key={`${user.id}-${user.modifieLe}`} user={user} />
        <MembershipsPanel scope={{ userId: user.id }} canAdd={user.etat !== 'S'} />
      </RecordColumns>
    </Stack>
  );
}

export function UserPage() {
  const { userId } = useParams();
  const id = userId ? Number(userId) : null;
  return (
    <RecordPage
      id={id}
      list={{ label: 'Utilisateurs', to: '/app/admin/utilisateurs' }}
      newTitle="Nouvel utilisateur"
      creation={
        <>
          <Text size="sm" c="dimmed">
            Le compte est créé actif et sans mot de passe : la personne reçoit un e-mail avec un lien, valable
            7 jours, pour choisir le sien.
          </Text>
          <UserForm />
        </>
      }
      existing={(id) => <ExistingUser id={id} />}
      notFound="Cet utilisateur n'existe pas."
    />
  );
}
