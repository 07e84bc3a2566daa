/** Calls one instalment for every lodge and association at once, then says what was created and skipped. */
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { BulkCallSchema, Instalment } from '@union/contract';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { useContractCheck } from '../../../components/forms/contract-form';
import { formatCents } from '../../../lib/format';
import { masonicYearOf, useBulkCall } from '../api/orders';
import { yearOptions } from './shared';

export function BulkCallButton() {
  const [opened, setOpened] = useState(false);
  const [annee, setAnnee] = useState(String(masonicYearOf()));
  const [tranche, setTranche] = useState<Instalment>('A');
  const call = useBulkCall();
  const { errors, check } = useContractCheck(['annee', 'tranche']);

  const submit = async () => {
    const body = check(BulkCallSchema, { annee: Number(annee), tranche });
    if (!body) return;
    const report = await call.mutateAsync(body);
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
        Appeler les cotisations
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Appeler une tranche pour toutes les loges"
        centered
      >
        <Stack>
          <Text size="sm">
            Une facture en préparation est créée pour chaque loge et association active qui a des membres, au
            tarif de son type. Celles déjà appelées pour cette tranche sont ignorées.
          </Text>
          <Select
            label="Année"
            data={yearOptions()}
            value={annee}
            onChange={(v) => v && setAnnee(v)}
            error={errors.annee}
            allowDeselect={false}
          />
          <Select
            label="Tranche"
            data={Instalment.codes.map((c) => ({ value: c, label: Instalment.labels[c] }))}
            value={tranche}
            onChange={(v) => v && setTranche(v as Instalment)}
            error={errors.tranche}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Annuler
            </Button>
            <Button loading={call.isPending} onClick={() => void submit()}>
              Appeler la tranche
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
