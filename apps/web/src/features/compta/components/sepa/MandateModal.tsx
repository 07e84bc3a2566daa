/**
 * Records a lodge's signed SEPA mandate (issue 34 §4): its RUM, signature day, debtor, IBAN and BIC,
 * checked with the contract's `MandateCreateSchema` before sending (docs/architecture.md, « One form
 * shape »): a RUM outside the SEPA characters or an IBAN whose check digits are wrong is said under its
 * field at once, and nothing is sent.
 */
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MandateCreateSchema, parisDay } from '@union/contract';
import { DateField } from '../../../../components/DateField';
import { FormActions } from '../../../../components/FormActions';
import { contractResolver, focusFirstInvalid, idOf } from '../../../../components/forms/contract-form';
import { toast } from '../../../../components/toast';
import { useBillableEntities } from '../../api/orders';
import { useCreateMandate } from './api';

interface FormValues {
  idEntite: string | null;
  rum: string;
  /** yyyy-mm-dd; '' until a day is picked. */
  dateSignature: string;
  debiteur: string;
  iban: string;
  bic: string;
}

const EMPTY: FormValues = { idEntite: null, rum: '', dateSignature: '', debiteur: '', iban: '', bic: '' };

// What the server receives: the lodge as its id, an empty BIC as none.
const bodyOf = (values: FormValues) => ({
  ...values,
  idEntite: idOf(values.idEntite),
  bic: values.bic || null,
});

export function MandateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const entities = useBillableEntities();
  const create = useCreateMandate();
  const form = useForm<FormValues>({
    initialValues: EMPTY,
    validate: contractResolver(MandateCreateSchema, bodyOf),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = (values: FormValues) =>
    create.mutate(MandateCreateSchema.parse(bodyOf(values)), {
      onSuccess: (m) => {
        toast('success', `Mandat ${m.rum} de ${m.entite} enregistré.`);
        close();
      },
    });
  return (
    <Modal opened={opened} onClose={close} title="Nouveau mandat de prélèvement SEPA">
      <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
        <Stack>
          <Select
            label="Loge ou association"
            data={(entities.data ?? []).map((e) => ({ value: String(e.id), label: e.nom }))}
            searchable
            required
            data-autofocus
            {...form.getInputProps('idEntite')}
          />
          <TextInput
            label="Référence unique du mandat (RUM)"
            description="35 caractères au plus, sans accent ni espace."
            required
            maxLength={35}
            {...form.getInputProps('rum')}
          />
          <DateField
            label="Date de signature"
            maxDate={parisDay()}
            required
            {...form.getInputProps('dateSignature')}
          />
          <TextInput label="Nom du débiteur" required maxLength={70} {...form.getInputProps('debiteur')} />
          <TextInput label="IBAN du débiteur" required {...form.getInputProps('iban')} />
          <TextInput label="BIC" description="Facultatif." {...form.getInputProps('bic')} />
          <FormActions onCancel={close} loading={create.isPending}>
            Enregistrer le mandat
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
