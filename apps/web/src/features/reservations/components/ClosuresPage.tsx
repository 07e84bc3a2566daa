/**
 * The building's closed days, by masonic year. Union staff close a day (with a reason) and reopen it;
 * closing lists the reservations already on that day so they can be handled.
 */
import { Alert, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarOff } from '@tabler/icons-react';
import { ClosureInputSchema, IsoDateSchema, masonicYearOf } from '@union/contract';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { SubmitButton } from '../../../components/SubmitButton';
import { toast } from '../../../components/toast';
import { useCloseDay, useClosures, useReopenDay } from '../api/closures';
import { longDate, todayIso } from '../api/dates';
import { ClosureYearNav } from './ClosureYearNav';
import { ClosuresTable } from './ClosuresTable';
import { PlanningNav } from './PlanningNav';
import { usePageTitle } from '../../../components/usePageTitle';
import { DateField } from '../../../components/DateField';

/** The closure's body plus the day of its address, checked together before asking. */
const ClosureRequestSchema = ClosureInputSchema.extend({ date: IsoDateSchema });

interface FormValues {
  date: string | null;
  motif: string;
}
const bodyOf = (values: FormValues) => ({ date: values.date ?? undefined, motif: values.motif });

export function ClosuresPage() {
  usePageTitle('Jours de fermeture');
  const [annee, setAnnee] = useState(() => masonicYearOf(todayIso()));
  const closures = useClosures(annee);
  const closeDay = useCloseDay();
  const reopen = useReopenDay();
  const form = useForm<FormValues>({
    initialValues: { date: null, motif: '' },
    validate: contractResolver(ClosureRequestSchema, bodyOf),
  });
  const { date, motif } = form.values;
  const reason = !date
    ? 'Choisissez le jour à fermer.'
    : !motif.trim()
      ? 'Indiquez le motif de la fermeture.'
      : null;

  async function submit(values: FormValues) {
    if (reason) return;
    const body = ClosureRequestSchema.parse(bodyOf(values));
    const { date } = body;
    const answer = await openDialog({
      type: 'question',
      title: 'Fermer ce jour',
      text: `Fermer le bâtiment le ${longDate(date)} (${body.motif.trim()}) ? Plus aucune réservation ne pourra y être faite.`,
      okLabel: 'Fermer ce jour',
    });
    if (answer !== 'ok') return;
    closeDay.mutate(body, {
      onSuccess: (result) => {
        form.reset();
        if (result.reservations.length === 0) {
          toast('success', `Le ${longDate(date)} est fermé.`);
          return;
        }
        void openDialog({
          type: 'warning',
          title: 'Jour fermé : réservations à traiter',
          text: `Le ${longDate(date)} est fermé. Ces réservations étaient déjà prévues ce jour-là : prévenez les loges et supprimez-les depuis le planning.`,
          details: result.reservations.map(
            (r) =>
              `${r.heureDebut}–${r.heureFin}, ${r.salle} : ${r.entite}${r.libelle ? ` (« ${r.libelle} »)` : ''}`,
          ),
        });
      },
    });
  }

  async function reopenDay(day: string) {
    const answer = await openDialog({
      type: 'question',
      title: 'Rouvrir ce jour',
      text: `Rouvrir le bâtiment le ${longDate(day)} ?`,
      okLabel: 'Rouvrir ce jour',
    });
    if (answer === 'ok') {
      reopen.mutate(day, { onSuccess: () => toast('success', `Le ${longDate(day)} est rouvert.`) });
    }
  }

  const list = closures.data;
  return (
    <Stack gap="md">
      <Title order={2}>Jours de fermeture</Title>
      <PlanningNav gestion={list?.gestion} />
      <ClosureYearNav annee={annee} onChange={setAnnee} />

      {list?.gestion && (
        <Paper
          withBorder
          p="sm"
          radius="md"
          component="form"
          onSubmit={form.onSubmit((values) => void submit(values), focusFirstInvalid)}
        >
          <Stack gap="xs">
            <Text fw={600}>Fermer un jour</Text>
            <Group align="flex-end" gap="xs">
              <DateField
                label="Date"
                value={date}
                onChange={(d) => form.setFieldValue('date', d)}
                minDate={todayIso()}
                weekday
                w={{ base: '100%', sm: 260 }}
                error={form.errors.date}
                required
              />
              <TextInput
                label="Motif"
                placeholder="Travaux, jour férié…"
                {...form.getInputProps('motif')}
                maxLength={300}
                style={{ flex: 1, minWidth: 200 }}
                required
              />
              <SubmitButton color="red" loading={closeDay.isPending} disabledReason={reason}>
                Fermer ce jour
              </SubmitButton>
            </Group>
          </Stack>
        </Paper>
      )}

      {closures.isPending && <Loader aria-label="Chargement des jours de fermeture" />}
      {list && list.fermetures.length === 0 && (
        <Alert variant="light" color="gray" icon={<IconCalendarOff />}>
          Aucun jour de fermeture pour l’année {annee}-{annee + 1}.
        </Alert>
      )}
      {list && list.fermetures.length > 0 && (
        <ClosuresTable
          fermetures={list.fermetures}
          gestion={list.gestion}
          onReopen={(day) => void reopenDay(day)}
        />
      )}
    </Stack>
  );
}
