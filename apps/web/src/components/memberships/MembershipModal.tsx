/**
 * Adds or edits a membership: fonction (free text with suggestions), dates and the four flags. To add
 * one, the target is either an entity (from a user) or a member of an entity: an existing active user or
 * a new member, invited by e-mail. The features pass their own calls and texts.
 */
import {
  Autocomplete,
  Checkbox,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  EntityMembershipCreateSchema,
  FONCTIONS_SUGGEREES,
  MembershipFlag,
  MembershipUpdateSchema,
  UserMembershipCreateSchema,
  type EntityMembershipCreate,
  type Membership,
  type MembershipUpdate,
  type UserMembershipCreate,
} from '@union/contract';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid, idOf } from '../forms/contract-form';
import { toast } from '../toast';
import { FormActions } from '../../components/FormActions';
import { UserPicker, type UserSearchHook } from './UserPicker';
import { pickedDay } from '../../lib/dates';

/** A mutation's `mutate`, as TanStack Query gives it. */
type Mutate<Body> = (body: Body, options: { onSuccess: () => void }) => void;

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

interface Props {
  title: string;
  /** The membership to edit; null to add one. */
  membership: Membership | null;
  /** When editing: the member or the entity, shown instead of the pickers. */
  subject: string;
  target: MembershipTarget;
  update: Mutate<MembershipUpdate>;
  saving: boolean;
  fullScreen?: boolean;
  onClose: () => void;
}

type Flags = Record<MembershipFlag, boolean>;

interface FormValues extends Flags {
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

/** How a chosen day reads in the field: « 1 septembre 2020 » (the picker itself is French, Monday first). */
const DAY_FORMAT = 'D MMMM YYYY';

/** The picker's value as the API's yyyy-mm-dd day, or '' when cleared. */
const isoDay = (value: string | Date | null) => pickedDay(value) ?? '';

const valuesOf = (m: Membership | null): FormValues => ({
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

export function MembershipModal({
  title,
  membership,
  subject,
  target,
  update,
  saving,
  fullScreen,
  onClose,
}: Props) {
  /** The schema the server applies to the body this form sends, and that body. */
  const requestOf = (values: FormValues) => {
    const fields = {
      fonction: values.fonction,
      debut: values.debut || null,
      fin: values.fin || null,
      gestion: values.gestion,
      reservation: values.reservation,
      restauration: values.restauration,
      carteLoge: values.carteLoge,
    };
    if (membership) return { schema: MembershipUpdateSchema, body: { id: membership.id, ...fields } };
    if (target.kind === 'entity')
      return { schema: UserMembershipCreateSchema, body: { entiteId: idOf(values.entiteId), ...fields } };
    if (values.mode === 'existant')
      return {
        schema: EntityMembershipCreateSchema,
        body: { userId: idOf(values.userId), email: values.userEmail ?? undefined, ...fields },
      };
    return { schema: EntityMembershipCreateSchema, body: { nouveau: values.nouveau, ...fields } };
  };
  const form = useForm<FormValues>({
    initialValues: valuesOf(membership),
    validate: (values) => {
      const { schema, body } = requestOf(values);
      return contractResolver(schema, () => body)(values);
    },
  });
  const { debut, fin, mode, entiteId, userId, nouveau } = form.values;
  const datesInvalid = debut !== '' && fin !== '' && fin < debut;
  const missing =
    !membership &&
    (target.kind === 'entity'
      ? !entiteId
      : mode === 'existant'
        ? !userId
        : !nouveau.nom.trim() || !nouveau.prenom.trim() || !nouveau.email.trim());

  function submit(values: FormValues) {
    if (datesInvalid || missing) return;
    const done = (text: string) => ({
      onSuccess: () => {
        toast('success', text);
        onClose();
      },
    });
    // The body checked by `validate`, parsed as the server will.
    if (membership) {
      update(MembershipUpdateSchema.parse(requestOf(values).body), done('Appartenance modifiée.'));
    } else if (target.kind === 'entity') {
      target.add(UserMembershipCreateSchema.parse(requestOf(values).body), done('Appartenance ajoutée.'));
    } else {
      const body = EntityMembershipCreateSchema.parse(requestOf(values).body);
      target.add(
        body,
        done(
          values.mode === 'existant'
            ? 'Membre ajouté.'
            : `Membre créé : une invitation a été envoyée à ${values.nouveau.email.trim()}.`,
        ),
      );
    }
  }

  return (
    <Modal opened onClose={onClose} centered size="lg" fullScreen={fullScreen} title={title}>
      <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
        <Stack gap="md">
          {membership && <Text fw={600}>{subject}</Text>}
          {!membership && target.kind === 'entity' && (
            <Select
              label="Entité"
              required
              searchable
              nothingFoundMessage="Aucune entité"
              data={target.entities}
              {...form.getInputProps('entiteId')}
            />
          )}
          {!membership && target.kind === 'member' && (
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
          )}
          <Autocomplete
            label="Fonction"
            placeholder="ex. : Membre, Secrétaire, Vénérable Maître"
            data={[...FONCTIONS_SUGGEREES]}
            {...form.getInputProps('fonction')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DatePickerInput
              label="Début"
              placeholder="Sans date de début"
              value={debut || null}
              onChange={(d) => form.setFieldValue('debut', isoDay(d))}
              valueFormat={DAY_FORMAT}
              clearable
              clearButtonProps={{ 'aria-label': 'Effacer la date de début' }}
              error={form.errors.debut}
            />
            <DatePickerInput
              label="Fin"
              placeholder="En cours"
              value={fin || null}
              onChange={(d) => form.setFieldValue('fin', isoDay(d))}
              valueFormat={DAY_FORMAT}
              minDate={debut || undefined}
              defaultDate={fin || debut || undefined}
              clearable
              clearButtonProps={{ 'aria-label': 'Effacer la date de fin' }}
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
          <FormActions
            onCancel={onClose}
            loading={saving}
            disabledReason={
              datesInvalid
                ? 'Corrigez la date de fin pour enregistrer.'
                : missing
                  ? target.kind === 'entity'
                    ? "Choisissez l'entité."
                    : mode === 'existant'
                      ? 'Choisissez la personne.'
                      : "Le nom, le prénom et l'e-mail sont obligatoires."
                  : null
            }
          />
        </Stack>
      </form>
    </Modal>
  );
}
