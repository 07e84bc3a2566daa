/**
 * Revokes a SEPA mandate (issue 34 §4): the day and the reason; the lodge is no longer debited under it.
 * Checked with the contract's `MandateRevokeSchema` before sending (docs/architecture.md, « One form
 * shape »): an empty reason is said under its field, and nothing is sent.
 */
import { Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MandateRevokeSchema, parisDay, type Mandate } from '@union/contract';
import { DateField } from '../../../../components/DateField';
import { FormActions } from '../../../../components/FormActions';
import { contractResolver, focusFirstInvalid } from '../../../../components/forms/contract-form';
import { toast } from '../../../../components/toast';
import { useRevokeMandate } from './api';

interface FormValues {
  date: string;
  motif: string;
}

// The form's values are the request's body.
const bodyOf = (values: FormValues) => values;

export function RevokeModal({ mandate, onClose }: { mandate: Mandate | null; onClose: () => void }) {
  const revoke = useRevokeMandate();
  const form = useForm<FormValues>({
    initialValues: { date: parisDay(), motif: '' },
    validate: contractResolver(MandateRevokeSchema, bodyOf),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = (values: FormValues) => {
    if (!mandate) return;
    revoke.mutate(
      { mandate, body: MandateRevokeSchema.parse(bodyOf(values)) },
      {
        onSuccess: () => {
          toast('success', `Le mandat ${mandate.rum} est révoqué.`);
          close();
        },
      },
    );
  };
  return (
    <Modal
      opened={mandate !== null}
      onClose={close}
      title={mandate ? `Révoquer le mandat ${mandate.rum}` : ''}
    >
      <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
        <Stack>
          <DateField
            label="Date de révocation"
            maxDate={parisDay()}
            required
            {...form.getInputProps('date')}
          />
          <Textarea
            label="Motif"
            description="Changement de banque, demande de la loge…"
            required
            maxLength={300}
            data-autofocus
            {...form.getInputProps('motif')}
          />
          <FormActions onCancel={close} loading={revoke.isPending} color="red">
            Révoquer
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
