/** The cheque deposit slip (bordereau de remise) of a period, downloaded as a PDF. */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { PERIOD_ORDER_MESSAGE } from '@union/contract';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/FormActions';
import { downloadDepositSlip } from '../api/orders';
import { DayPicker } from './PaymentFields';

export function DepositSlipButton() {
  const [opened, setOpened] = useState(false);
  const today = dayjs().format('YYYY-MM-DD');
  const [du, setDu] = useState<string | null>(today);
  const [au, setAu] = useState<string | null>(today);
  const problem = !du || !au ? 'Indiquez la période.' : du > au ? PERIOD_ORDER_MESSAGE : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    void downloadDepositSlip(du!, au!).then(() => setOpened(false));
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
              <DayPicker label="Chèques reçus du" value={du} onChange={setDu} />
              <DayPicker label="au" value={au} onChange={setAu} />
            </Group>
            <FormActions onCancel={() => setOpened(false)} disabledReason={problem}>
              Télécharger le bordereau
            </FormActions>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
