/**
 * The parts of the membership form: who a new member is (an existing user or a person invited by e-mail),
 * then the fonction, the dates and the four flags.
 */
import { Autocomplete, Checkbox, SegmentedControl, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  FONCTIONS_SUGGEREES,
  MembershipFlag,
  type EntityMembershipCreate,
  type Membership,
  type UserMembershipCreate,
} from '@union/contract';
import { UserPicker, type UserSearchHook } from './UserPicker';
import { DateField } from '../DateField';

/** A mutation's `mutate`, as TanStack Query gives it. */
export type Mutate<Body> = (body: Body, options: { onSuccess: () => void }) => void;

/** What a new membership links to. */
export type MembershipTarget =
  | {
      kind: 'entity';
      /** The entities to choose from. */
      entities: { value: string; label: string }[];
      add: Mutate<UserMembershipCreate>;
    }
  | {
      kind: 'member';
      useUserSearch: UserSearchHook;
      searchPlaceholder: string;
      /** Said when the search finds nobody (default: « Aucun utilisateur actif trouvé »). */
      searchEmptyMessage?: string;
      /** Said under the new member's fields. */
      invitationNote: string;
      add: Mutate<EntityMembershipCreate>;
    };

type Flags = Record<MembershipFlag, boolean>;

export interface FormValues extends Flags {
  fonction: string;
  debut: string;
  fin: string;
  /** The entity of a user's new membership. */
  entiteId: string | null;
  /** A new member: an existing user, or a person invited by e-mail. */
  mode: 'existant' | 'nouveau';
  userId: string | null;
  /**
   * The chosen person's e-mail as the search showed it: a lodge manager adds someone from elsewhere
   * by their exact address, and the server checks it again.
   */
  userEmail: string | null;
  nouveau: { nom: string; prenom: string; email: string; telephone: string };
}

export const valuesOf = (m: Membership | null): FormValues => ({
  fonction: m?.fonction ?? '',
  debut: m?.debut ?? '',
  fin: m?.fin ?? '',
  gestion: m?.gestion ?? false,
  reservation: m?.reservation ?? false,
  restauration: m?.restauration ?? false,
  carteLoge: m?.carteLoge ?? false,
  entiteId: null,
  mode: 'existant',
  userId: null,
  userEmail: null,
  nouveau: { nom: '', prenom: '', email: '', telephone: '' },
});

/** The new member's fields. */
const PERSON_FIELDS = [
  { key: 'nom', label: 'Nom', type: 'text', required: true },
  { key: 'prenom', label: 'Prénom', type: 'text', required: true },
  { key: 'email', label: 'E-mail', type: 'email', required: true },
  { key: 'telephone', label: 'Téléphone', type: 'tel', required: false },
] as const;

type Form = UseFormReturnType<FormValues>;

/** A new member: an existing active user to pick, or a new person's fields. */
export function NewMemberFields({
  form,
  target,
}: {
  form: Form;
  target: Extract<MembershipTarget, { kind: 'member' }>;
}) {
  const { mode, userId } = form.values;
  return (
    <>
      <SegmentedControl
        fullWidth
        {...form.getInputProps('mode')}
        data={[
          { value: 'existant', label: 'Utilisateur existant' },
          { value: 'nouveau', label: 'Nouveau membre' },
        ]}
      />
      {mode === 'existant' ? (
        <UserPicker
          value={userId}
          onChange={(id, person) => {
            form.setFieldValue('userId', id);
            form.setFieldValue('userEmail', person?.email ?? null);
          }}
          useUserSearch={target.useUserSearch}
          placeholder={target.searchPlaceholder}
          emptyMessage={target.searchEmptyMessage}
          error={form.errors.userId}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {PERSON_FIELDS.map(({ key, label, type, required }) => (
            <TextInput
              key={key}
              label={label}
              type={type}
              required={required}
              {...form.getInputProps(`nouveau.${key}`)}
            />
          ))}
          <Text size="xs" c="dimmed" style={{ gridColumn: '1 / -1' }}>
            {target.invitationNote}
          </Text>
        </SimpleGrid>
      )}
    </>
  );
}

/** The fonction, the dates (the end after the start) and the flags. */
export function MembershipDetailFields({ form, datesInvalid }: { form: Form; datesInvalid: boolean }) {
  const { debut, fin } = form.values;
  return (
    <>
      <Autocomplete
        label="Fonction"
        placeholder="ex. : Membre, Secrétaire, Vénérable Maître"
        data={[...FONCTIONS_SUGGEREES]}
        {...form.getInputProps('fonction')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateField
          label="Début"
          placeholder="Sans date de début"
          value={debut}
          onChange={(d) => form.setFieldValue('debut', d)}
          clearLabel="Effacer la date de début"
          error={form.errors.debut}
        />
        <DateField
          label="Fin"
          placeholder="En cours"
          value={fin}
          onChange={(d) => form.setFieldValue('fin', d)}
          minDate={debut || undefined}
          defaultDate={fin || debut || undefined}
          clearLabel="Effacer la date de fin"
          error={datesInvalid ? 'La fin doit suivre le début.' : form.errors.fin}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {MembershipFlag.codes.map((flag) => (
          <Checkbox
            key={flag}
            label={MembershipFlag.labels[flag]}
            {...form.getInputProps(flag, { type: 'checkbox' })}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
