/**
 * Adds a member to the entity (an existing active user, or a new member who is invited by e-mail) or
 * edits a membership: the shared form, with the entity's calls.
 */
import { useMediaQuery } from '@mantine/hooks';
import { type Membership } from '@union/contract';
import { MembershipModal } from '../../../components/memberships/MembershipModal';
import { useActiveUserSearch, useAddMember, useUpdateMember } from '../api/members';

interface Props {
  entite: { id: number; nom: string };
  /** The membership to edit; null to add a member. */
  membership: Membership | null;
  onClose: () => void;
}

export function MemberModal({ entite, membership, onClose }: Props) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const add = useAddMember(entite.id);
  const update = useUpdateMember(entite.id);

  return (
    <MembershipModal
      title={membership ? 'Modifier l’appartenance' : `Ajouter un membre à « ${entite.nom} »`}
      membership={membership}
      subject={membership ? `${membership.utilisateur.prenom} ${membership.utilisateur.nom}` : ''}
      target={{
        kind: 'member',
        useUserSearch: useActiveUserSearch,
        searchPlaceholder: 'Nom d’un membre de vos entités, ou adresse e-mail exacte',
        searchEmptyMessage:
          'Personne parmi les membres de vos entités : pour quelqu’un d’ailleurs, saisissez son adresse e-mail exacte.',
        invitationNote:
          'Le nouveau membre reçoit le profil « Membre » et un e-mail d’invitation pour choisir son mot de passe.',
        add: add.mutate,
      }}
      update={update.mutate}
      saving={add.isPending || update.isPending}
      fullScreen={narrow}
      onClose={onClose}
    />
  );
}
