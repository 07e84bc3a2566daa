/** The cheque deposit slip (bordereau de remise) of a period, downloaded as a PDF. */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/FormActions';
import { downloadDepositSlip } from '../api/orders';

export function DepositSlipButton() {
  const [opened, setOpened] = useState(false);
  const today = dayjs().format('YYYY-MM-DD');
  const [du, setDu] = useState<string | null>(today);
  const [au, setAu] = useState<string | null>(today);
  const problem =
    !du || !au ? 'Indiquez la période.' : du > au ? 'La date de début précède la date de fin.' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    void downloadDepositSlip(du!, au!).then(() => setOpened(false));
  };
  const day = (v: unknown) => (v ? dayjs(v as string).format('YYYY-MM-DD') : null);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Bordereau de remise de chèques
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Bordereau de remise de chèques" centered>
        <form noValidate onSubmit={submit}>
          <Stack>
            <Group grow>
              <DatePickerInput
                label="Chèques reçus du"
                value={du}
                onChange={(v) => setDu(day(v))}
                valueFormat="D MMMM YYYY"
              />
              <DatePickerInput
                label="au"
                value={au}
                onChange={(v) => setAu(day(v))}
                valueFormat="D MMMM YYYY"
              />
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
