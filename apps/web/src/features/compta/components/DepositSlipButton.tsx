/** The cheque deposit slip (bordereau de remise) of a period, downloaded as a PDF. */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/FormActions';
import { downloadDepositSlip } from '../api/orders';
import { DayPicker } from './PaymentFields';
import { parisDay } from '../../../lib/dates';

export function DepositSlipButton() {
  const [opened, setOpened] = useState(false);
  const today = parisDay();
  const [du, setDu] = useState<string | null>(today);
  const [au, setAu] = useState<string | null>(today);
  const problem =
    !du || !au ? 'Indiquez la période.' : du > au ? 'La date de début précède la date de fin.' : null;
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
