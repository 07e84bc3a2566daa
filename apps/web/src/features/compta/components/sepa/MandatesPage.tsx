/**
 * « Mandats et prélèvements » (issue 34 §4), under Comptabilité › Banque: the lodges' SEPA mandates, and
 * the batches of debits made from the invoices due (collected 14 days ahead at the soonest, on a day SEPA
 * settles, each lodge pre-notified by e-mail), with their pain.008 file for the bank. COMPTA_LECTURE
 * reads; COMPTA_SAISIE records mandates and makes batches.
 */
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  earliestCollectionDay,
  isTarget2Day,
  SEPA_MIN_NOTICE_DAYS,
  SepaBatchCreateSchema,
  type SepaBatchReport,
} from '@union/contract';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { BackLink } from '../../../../components/BackLink';
import { DateField } from '../../../../components/DateField';
import { contractResolver, focusFirstInvalid } from '../../../../components/forms/contract-form';
import { toast } from '../../../../components/toast';
import { usePageTitle } from '../../../../components/usePageTitle';
import { formatCents } from '../../../../lib/format';
import { parisDay } from '../../../../lib/dates';
import { useHabilitation } from '../../../../lib/session';
import { BANK_PATH } from '../ComptaNav';
import { useBatches, useCreateBatch, useMandates } from './api';
import { BatchesTable } from './BatchesTable';
import { MandateModal } from './MandateModal';
import { MandatesTable } from './MandatesTable';

/** Not a day SEPA settles (TARGET2's weekends and holidays): greyed out in the calendar. */
const closedForSepa = (day: string) => !isTarget2Day(day);

interface BatchValues {
  /** yyyy-mm-dd; '' once cleared. */
  datePrelevement: string;
}

// The form's values are the request's body: the Union's first account, every invoice due.
const batchBodyOf = (values: BatchValues) => values;

/**
 * The batch's collection date, checked with the contract's `SepaBatchCreateSchema` before sending
 * (docs/architecture.md, « One form shape »); the notice and TARGET2's calendar are the server's word.
 */
function NewBatch({ onReport }: { onReport: (r: SepaBatchReport) => void }) {
  const earliest = earliestCollectionDay(parisDay());
  const form = useForm<BatchValues>({
    initialValues: { datePrelevement: earliest },
    validate: contractResolver(SepaBatchCreateSchema, batchBodyOf),
  });
  const create = useCreateBatch();
  const submit = (values: BatchValues) =>
    create.mutate(SepaBatchCreateSchema.parse(batchBodyOf(values)), {
      onSuccess: (r) => {
        toast(
          'success',
          `Lot de ${r.lot.nombre} prélèvement${r.lot.nombre > 1 ? 's' : ''} (${formatCents(r.lot.total)}) préparé.`,
        );
        onReport(r);
      },
    });
  return (
    <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
      <Group align="flex-end" wrap="wrap">
        <DateField
          label="Date de prélèvement"
          description={`Jour de règlement SEPA, au moins ${SEPA_MIN_NOTICE_DAYS} jours après la pré-notification.`}
          minDate={earliest}
          excludeDate={closedForSepa}
          weekday
          required
          clearLabel="Effacer la date de prélèvement"
          {...form.getInputProps('datePrelevement')}
        />
        <Button type="submit" loading={create.isPending}>
          Préparer le lot des factures dues
        </Button>
      </Group>
    </form>
  );
}

function LeftOut({ report }: { report: SepaBatchReport }) {
  if (!report.ecartees.length) return null;
  return (
    <Alert color="yellow" title="Loges non prélevées">
      {report.ecartees.map((e) => `${e.entite} : ${e.raison}`).join(' ; ')}.
    </Alert>
  );
}

export function MandatesPage() {
  usePageTitle('Mandats et prélèvements');
  const mayWrite = useHabilitation('COMPTA_SAISIE');
  const mandates = useMandates();
  const batches = useBatches();
  const [creating, setCreating] = useState(false);
  const [report, setReport] = useState<SepaBatchReport | null>(null);
  /** The mandates not revoked: without one, no batch can debit anything. */
  const live = mandates.data?.filter((m) => !m.revoqueLe).length ?? 0;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <BackLink to={BANK_PATH} parent="à la banque" />
          <Title order={2}>Mandats et prélèvements</Title>
        </Stack>
        {mayWrite && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            Nouveau mandat
          </Button>
        )}
      </Group>
      <Text c="dimmed">
        Prélèvements SEPA (CORE) des cotisations et factures des loges qui ont signé un mandat.
      </Text>
      {(mandates.isPending || batches.isPending) && <Loader aria-label="Chargement des mandats" />}
      {(mandates.isError || batches.isError) && (
        <Alert color="red">Les mandats ou les lots n’ont pas pu être chargés.</Alert>
      )}
      {mandates.data && <MandatesTable mandates={mandates.data} mayWrite={mayWrite} />}
      {mayWrite && live > 0 && <NewBatch onReport={setReport} />}
      {mayWrite && live === 0 && (
        <Text c="dimmed">
          Un lot ne prélève que les loges qui ont un mandat valide : enregistrez d’abord le mandat signé d’une
          loge (« Nouveau mandat »).
        </Text>
      )}
      {report && <LeftOut report={report} />}
      {batches.data && <BatchesTable batches={batches.data} mayWrite={mayWrite} />}
      {mayWrite && <MandateModal opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
