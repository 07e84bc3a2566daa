/**
 * One user: the form (identity and habilitations), the state buttons the server allows, their second
 * factor (with the reset), the memberships and the history. Without an id in the address, the same form creates a user and sends
 * the invitation.
 */
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { useUser, useUserHistory } from '../api/users';
import { MembershipsPanel } from './MembershipsPanel';
import { SecondFactorCard } from './SecondFactorCard';
import { RecordColumns, RecordHeader, RecordPage } from './RecordPage';
import { UserForm } from './UserForm';
import { UserStateActions } from './UserStateActions';
import { UserStateBadge } from './UserStateBadge';

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
        actions={<UserStateActions user={user} />}
      />
      {user.anonymise && (
        <Alert color="gray">Ce compte a été anonymisé : il ne peut plus être modifié.</Alert>
      )}
      <RecordColumns history={history}>
        {/* Remount the form when the saved user changes (state buttons, anonymisation). */}
        <UserForm key={`${user.id}-${user.modifieLe}`} user={user} />
        <SecondFactorCard user={user} />
        <MembershipsPanel scope={{ userId: user.id }} canAdd={user.actions.includes('ADD_MEMBERSHIP')} />
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
      list={{ back: 'aux utilisateurs', to: '/app/admin/utilisateurs' }}
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
