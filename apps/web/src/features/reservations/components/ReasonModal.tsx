/** Asks the reason of a refusal: required, sent to the requester. */
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { ReservationChangeSchema } from '@union/contract';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { FormActions } from '../../../components/FormActions';

/** The reason as the contract checks it in the body of the refusal. */
const ReasonSchema = ReservationChangeSchema.pick({ motif: true });

interface Props {
  title: string | null;
  loading: boolean;
  onConfirm: (motif: string) => void;
  onClose: () => void;
}

export function ReasonModal({ title, loading, onConfirm, onClose }: Props) {
  const form = useForm({
    initialValues: { motif: '' },
    validate: contractResolver(ReasonSchema, (values: { motif: string }) => values),
  });
  const { motif } = form.values;
  return (
    <Modal opened={title !== null} onClose={onClose} title={title} centered closeOnClickOutside={false}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const body = values.motif.trim() ? ReasonSchema.parse(values) : null;
          if (body?.motif) onConfirm(body.motif);
        }, focusFirstInvalid)}
      >
        <Stack gap="sm">
          <Text size="sm">Le motif est transmis au demandeur par e-mail et reste dans l’historique.</Text>
          <Textarea
            label="Motif du refus"
            {...form.getInputProps('motif')}
            autosize
            minRows={3}
            maxLength={1000}
            required
            data-autofocus
          />
          <FormActions
            onCancel={onClose}
            color="red"
            loading={loading}
            disabledReason={motif.trim() ? null : 'Indiquez le motif du refus.'}
          >
            Refuser
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
