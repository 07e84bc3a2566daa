/** Calls one instalment for every lodge and association at once, then says what was created and skipped. */
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { BulkCallSchema, Instalment } from '@union/contract';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { formatCents } from '../../../lib/format';
import { masonicYearOf, useBulkCall } from '../api/orders';
import { yearOptions } from './shared';

interface FormValues {
  annee: string;
  tranche: Instalment;
}
const bodyOf = (values: FormValues) => ({ annee: Number(values.annee), tranche: values.tranche });

export function BulkCallButton() {
  const [opened, setOpened] = useState(false);
  const call = useBulkCall();
  const form = useForm<FormValues>({
    initialValues: { annee: String(masonicYearOf()), tranche: 'A' },
    validate: contractResolver(BulkCallSchema, bodyOf),
  });

  const submit = async (values: FormValues) => {
    const report = await call.mutateAsync(BulkCallSchema.parse(bodyOf(values)));
    setOpened(false);
    await openDialog({
      type: report.crees.length ? 'success' : 'info',
      title: 'Appel de cotisations',
      text: report.crees.length
        ? `${report.crees.length} facture${report.crees.length > 1 ? 's' : ''} en préparation créée${report.crees.length > 1 ? 's' : ''} : vérifiez-les puis émettez-les.`
        : 'Aucune facture créée.',
      details: [
        ...report.crees.map((c) => `${c.entite} : ${formatCents(c.total)}`),
        ...report.ignores.map((i) => `${i.entite} : non appelée (${i.raison})`),
      ],
    });
  };

  return (
    <>
      <Button variant="light" leftSection={<IconUsersGroup size={18} />} onClick={() => setOpened(true)}>
        Préparer l’appel de cotisations
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Appeler une tranche pour toutes les loges"
        centered
      >
        <form noValidate onSubmit={form.onSubmit((values) => void submit(values), focusFirstInvalid)}>
          <Stack>
            <Text size="sm">
              Une facture en préparation est créée pour chaque loge et association active qui a des membres,
              au tarif de son type. Celles déjà appelées pour cette tranche sont ignorées.
            </Text>
            <Select
              label="Année"
              data={yearOptions()}
              {...form.getInputProps('annee')}
              allowDeselect={false}
            />
            <Select
              label="Tranche"
              data={Instalment.codes.map((c) => ({ value: c, label: Instalment.labels[c] }))}
              {...form.getInputProps('tranche')}
              allowDeselect={false}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Annuler
              </Button>
              <Button type="submit" loading={call.isPending}>
                Appeler la tranche
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
