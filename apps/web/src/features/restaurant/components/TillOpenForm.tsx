/** The form that opens a till session with its float, on a till that has none. */
import { Button, Group, NumberInput, Paper, SimpleGrid, Select, Stack, Title } from '@mantine/core';
import { Till, type Till as TillCode } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/toast';
import { eurosToCents } from '../../../lib/format';
import { useOpenTill } from '../api/desk';

/** Opens a session on a till that has none; hidden once every till is open. */
export function TillOpenForm({ busy, onOpened }: { busy: TillCode[]; onOpened: (id: number) => void }) {
  const free = Till.codes.filter((c) => !busy.includes(c));
  const [caisse, setCaisse] = useState<string | null>(free[0] ?? null);
  const [fond, setFond] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const openTill = useOpenTill();
  if (free.length === 0) return null;
  const till = caisse && free.includes(caisse as TillCode) ? (caisse as TillCode) : free[0]!;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (fond === '') {
      setError('Fond de caisse : indiquez les espèces présentes à l’ouverture (0 s’il n’y en a pas).');
      return;
    }
    setError(null);
    openTill.mutate(
      { caisse: till, fondInitial: eurosToCents(fond) },
      {
        onSuccess: (s) => {
          toast('success', `Session ouverte sur « ${Till.labels[s.caisse]} ».`);
          setFond('');
          onOpened(s.id);
        },
      },
    );
  }

  return (
    <Paper withBorder p="md">
      <form noValidate onSubmit={submit} aria-labelledby="ouvrir-session">
        <Stack gap="sm">
          <Title order={3} fz={{ base: 18, sm: 20 }} id="ouvrir-session">
            Ouvrir une session de caisse
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Caisse"
              data={free.map((c) => ({ value: c, label: Till.labels[c] }))}
              value={till}
              onChange={setCaisse}
              allowDeselect={false}
            />
            <NumberInput
              label="Fond de caisse (€)"
              description="Les espèces dans le tiroir à l’ouverture"
              required
              min={0}
              decimalScale={2}
              decimalSeparator=","
              value={fond}
              onChange={setFond}
              error={error}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={openTill.isPending}>
              Ouvrir la session
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
