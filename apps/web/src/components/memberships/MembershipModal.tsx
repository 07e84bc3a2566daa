/**
 * Adds or edits a membership: fonction (free text with suggestions), dates and the four flags. To add
 * one, the target is either an entity (from a user) or a member of an entity: an existing active user or
 * a new member, invited by e-mail. The features pass their own calls and texts.
 */
import { Modal, Select, Stack, Text } from '@mantine/core';
import {
  EntityMembershipCreateSchema,
  MembershipUpdateSchema,
  UserMembershipCreateSchema,
  type Membership,
  type MembershipUpdate,
} from '@union/contract';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid, idOf } from '../forms/contract-form';
import { toast } from '../toast';
import { FormActions } from '../../components/FormActions';
import {
  MembershipDetailFields,
  NewMemberFields,
  valuesOf,
  type FormValues,
  type MembershipTarget,
  type Mutate,
} from './MembershipFields';

export type { MembershipTarget } from './MembershipFields';

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
          {!membership && target.kind === 'member' && <NewMemberFields form={form} target={target} />}
          <MembershipDetailFields form={form} datesInvalid={datesInvalid} />
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
