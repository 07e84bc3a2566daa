/** The close of a till session. */
import { Button, Group, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { TillSessionDetail } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/toast';
import { eurosToCents, formatCents } from '../../../lib/format';
import { useCloseTill } from '../api/desk';

/** The close: the cash counted; a difference with what is expected needs its reason. */
export function TillCloseForm({ session }: { session: TillSessionDetail }) {
  const [compte, setCompte] = useState<number | string>('');
  const [motif, setMotif] = useState('');
  const [errors, setErrors] = useState<{ compte?: string; motif?: string }>({});
  const close = useCloseTill();
  const ecart = compte === '' ? null : eurosToCents(compte) - session.attendu;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (compte === '') found.compte = 'Espèces comptées : indiquez ce que contient le tiroir.';
    else if (ecart !== 0 && motif.trim() === '')
      found.motif = `Motif : expliquez l’écart de ${formatCents(Math.abs(ecart!))}.`;
    setErrors(found);
    if (found.compte) return document.getElementById('desk-count')?.focus();
    if (found.motif) return document.getElementById('desk-reason')?.focus();
    // The promise, not `mutate`'s own onSuccess: once closed, this form leaves the page (no open session),
    // and a per-call callback of an unmounted component never runs, so the toast would be lost.
    close
      .mutateAsync({
        id: session.id,
        compte: eurosToCents(compte),
        ...(motif.trim() ? { motif: motif.trim() } : {}),
      })
      .then((s) =>
        toast(
          'success',
          s.ecart === 0
            ? 'Session clôturée, sans écart.'
            : `Session clôturée, écart de ${formatCents(s.ecart ?? 0)} noté avec son motif.`,
        ),
      )
      .catch(() => undefined); // the refusal is shown by the mutation's error handler
  }

  return (
    <Paper withBorder p="md">
      <form noValidate onSubmit={submit} aria-labelledby="cloturer-session">
        <Stack gap="sm">
          <Title order={3} fz={{ base: 18, sm: 20 }} id="cloturer-session">
            Clôturer la session
          </Title>
          <Text size="sm">
            Espèces attendues dans le tiroir : <strong>{formatCents(session.attendu)}</strong> (fond de caisse
            et espèces reçues ; les chèques se comptent à part : {session.nombreCheques} pour{' '}
            {formatCents(session.cheques)}).
          </Text>
          <NumberInput
            id="desk-count"
            label="Espèces comptées (€)"
            required
            min={0}
            decimalScale={2}
            decimalSeparator=","
            value={compte}
            onChange={setCompte}
            error={errors.compte}
          />
          {ecart !== null && (
            <Text size="sm" fw={600} aria-live="polite">
              {ecart === 0 ? 'Aucun écart.' : `Écart : ${formatCents(ecart)}`}
            </Text>
          )}
          <Textarea
            id="desk-reason"
            label="Motif de l’écart"
            description="Obligatoire quand les espèces comptées diffèrent des espèces attendues"
            required={ecart !== null && ecart !== 0}
            value={motif}
            onChange={(e) => setMotif(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            error={errors.motif}
          />
          <Group justify="flex-end">
            <Button type="submit" color="red.9" loading={close.isPending}>
              Clôturer la session
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
