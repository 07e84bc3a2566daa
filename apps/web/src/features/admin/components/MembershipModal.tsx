/**
 * Adds or edits a membership (the shared form). From a user's page the entity is chosen; from an
 * entity's page, an existing user or a new member.
 */
import { type Membership } from '@union/contract';
import { MembershipModal as MembershipForm } from '../../../components/memberships/MembershipModal';
import { useEntities } from '../api/entities';
import { useAddMembership, useUpdateMembership, type MembershipScope } from '../api/memberships';
import { useUserSearch } from '../api/users';

interface Props {
  scope: MembershipScope;
  /** The membership to edit; none to add one. */
  membership: Membership | null;
  onClose: () => void;
}

/** Active users by name, identifiant or e-mail, from 2 letters. */
const useActiveUserSearch = (texte: string) =>
  useUserSearch({ texte, etat: 'A', taille: 10 }, texte.length >= 2);

export function MembershipModal({ scope, membership, onClose }: Props) {
  const { data: entities } = useEntities();
  const add = useAddMembership(scope);
  const edit = useUpdateMembership(scope);
  const fromUser = 'userId' in scope;

  return (
    <MembershipForm
      title={
        membership ? "Modifier l'appartenance" : fromUser ? 'Ajouter une appartenance' : 'Ajouter un membre'
      }
      membership={membership}
      subject={
        !membership
          ? ''
          : fromUser
            ? membership.entite.nom
            : `${membership.utilisateur.prenom} ${membership.utilisateur.nom}`
      }
      target={
        fromUser
          ? {
              kind: 'entity',
              entities: (entities ?? [])
                .filter((e) => e.etat === 'A')
                .map((e) => ({ value: String(e.id), label: e.nom })),
              add: add.mutate,
            }
          : {
              kind: 'member',
              useUserSearch: useActiveUserSearch,
              searchPlaceholder: "Tapez au moins 2 lettres du nom, de l'identifiant ou de l'e-mail",
              invitationNote:
                "Le nouveau membre reçoit le profil « Membre » et un e-mail d'invitation pour choisir son mot de passe.",
              add: add.mutate,
            }
      }
      update={edit.mutate}
      saving={add.isPending || edit.isPending}
      onClose={onClose}
    />
  );
}
