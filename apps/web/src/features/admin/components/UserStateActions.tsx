/**
 * The buttons of a user's state (reactivate, deactivate, delete), anonymisation and the invitation's
 * resend: only those the server lists in `user.actions`, each confirmed first.
 */
import { Button, Group } from '@mantine/core';
import { UserAction, type UserDetail, type UserState, type UserUpdate } from '@union/contract';
import { asyncHandler } from '../../../components/error-handler';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { useAnonymiseUser, useResendInvitation, useUpdateUser } from '../api/users';

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

/** The buttons of the actions the server allows besides editing. */
export function UserStateActions({ user }: { user: UserDetail }) {
  const update = useUpdateUser();
  const anonymise = useAnonymiseUser();
  const invite = useResendInvitation();

  async function changeState(action: UserAction) {
    const button = STATE_BUTTONS[action]!;
    if (
      (await openDialog({
        type: 'question',
        title: UserAction.labels[action],
        text: button.question,
        okLabel: UserAction.labels[action],
      })) !== 'ok'
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
      okLabel: 'Anonymiser définitivement',
    });
    if (answer === 'ok')
      anonymise.mutate(user.id, { onSuccess: () => toast('success', 'Compte anonymisé.') });
  }

  // Editing is the form's button, adding a membership the memberships panel's.
  const buttons = user.actions.filter((a) => a !== 'EDIT' && a !== 'ADD_MEMBERSHIP');
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
            onClick={asyncHandler(() => changeState(action))}
          >
            {UserAction.labels[action]}
          </Button>
        ) : action === 'ANONYMISE' ? (
          <Button
            key={action}
            variant="outline"
            color="red"
            loading={anonymise.isPending}
            onClick={asyncHandler(confirmAnonymise)}
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
