/** Records a lodge's signed SEPA mandate (issue 34 §4): its RUM, signature day, debtor, IBAN and BIC. */
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { parisDay } from '@union/contract';
import { useState } from 'react';
import { DateField } from '../../../../components/DateField';
import { toast } from '../../../../components/toast';
import { useBillableEntities } from '../../api/orders';
import { useCreateMandate } from './api';

const EMPTY = {
  idEntite: null as string | null,
  rum: '',
  dateSignature: '',
  debiteur: '',
  iban: '',
  bic: '',
};

export function MandateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [v, setV] = useState(EMPTY);
  const entities = useBillableEntities();
  const create = useCreateMandate();
  const close = () => {
    setV(EMPTY);
    onClose();
  };
  const field = (name: keyof typeof EMPTY) => ({
    value: v[name] ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [name]: e.currentTarget.value }),
  });
  const submit = () =>
    create.mutate(
      { ...v, idEntite: Number(v.idEntite), bic: v.bic || null },
      {
        onSuccess: (m) => {
          toast('success', `Mandat ${m.rum} de ${m.entite} enregistré.`);
          close();
        },
      },
    );
  return (
    <Modal opened={opened} onClose={close} title="Nouveau mandat de prélèvement SEPA">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Select
            label="Loge ou association"
            data={(entities.data ?? []).map((e) => ({ value: String(e.id), label: e.nom }))}
            value={v.idEntite}
            onChange={(idEntite) => setV({ ...v, idEntite })}
            searchable
            required
            data-autofocus
          />
          <TextInput
            label="Référence unique du mandat (RUM)"
            description="35 caractères au plus, sans accent ni espace."
            required
            maxLength={35}
            {...field('rum')}
          />
          <DateField
            label="Date de signature"
            maxDate={parisDay()}
            required
            value={v.dateSignature}
            onChange={(dateSignature) => setV({ ...v, dateSignature })}
          />
          <TextInput label="Nom du débiteur" required maxLength={70} {...field('debiteur')} />
          <TextInput label="IBAN du débiteur" required {...field('iban')} />
          <TextInput label="BIC" description="Facultatif." {...field('bic')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annuler
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!v.idEntite}>
              Enregistrer le mandat
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
