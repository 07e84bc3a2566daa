/**
 * The cheque deposit slip (bordereau de remise) of a period: downloaded as a PDF to check it, or recorded
 * (the cheques not yet deposited go to the bank once, 5112 cleared into 512) and its slip downloaded.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { euros, PERIOD_ORDER_MESSAGE } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { handleApiError } from '../../../components/error-handler';
import { FormActions } from '../../../components/FormActions';
import { toast } from '../../../components/toast';
import { downloadDeposit, downloadDepositSlip, useRecordDeposit } from '../api/orders';
import { DateField } from '../../../components/DateField';
import { parisDay } from '../../../lib/dates';

export function DepositSlipButton() {
  const [opened, setOpened] = useState(false);
  const today = parisDay();
  const [du, setDu] = useState<string | null>(today);
  const [au, setAu] = useState<string | null>(today);
  const problem = !du || !au ? 'Indiquez la période.' : du > au ? PERIOD_ORDER_MESSAGE : null;
  const record = useRecordDeposit();
  const recordDeposit = () => {
    if (problem) return;
    record.mutate(
      { du: du!, au: au! },
      {
        onSuccess: (deposit) => {
          toast(
            'success',
            `Remise enregistrée : ${deposit.cheques.length} chèque${deposit.cheques.length > 1 ? 's' : ''}, ${euros(deposit.total)} (écriture ${deposit.ecriture}).`,
          );
          setOpened(false);
          downloadDeposit(deposit.id).catch(handleApiError);
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    downloadDepositSlip(du!, au!)
      .then(() => setOpened(false))
      .catch(handleApiError);
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Bordereau de remise de chèques
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Bordereau de remise de chèques" centered>
        <form noValidate onSubmit={submit}>
          <Stack>
            <Group grow>
              <DateField label="Chèques reçus du" value={du} onChange={setDu} />
              <DateField label="au" value={au} onChange={setAu} />
            </Group>
            <FormActions onCancel={() => setOpened(false)} disabledReason={problem}>
              Télécharger le bordereau
            </FormActions>
            <Text size="sm" c="dimmed">
              Une fois les chèques portés à la banque, enregistrez la remise : chaque chèque n’est remis
              qu’une fois, et la comptabilité passe son total en banque.
            </Text>
            <Button
              variant="light"
              onClick={recordDeposit}
              disabled={problem !== null}
              loading={record.isPending}
            >
              Enregistrer la remise en banque
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
