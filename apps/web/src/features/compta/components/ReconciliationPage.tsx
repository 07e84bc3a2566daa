/**
 * « Rapprochement » (issue 34 §3): a Union bank account at a chosen date, its statement's balance against
 * its 512 account's, the difference explained to the cent, the lines each side lacks; and « Valider le
 * rapprochement au … », after which nothing of the period changes. COMPTA_LECTURE reads; COMPTA_SAISIE
 * validates.
 */
import { Alert, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { BankReconciliation } from '@union/contract';
import { useRef, useState } from 'react';
import { BackLink } from '../../../components/BackLink';
import { DateField } from '../../../components/DateField';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatDateTime, formatDay, parisDay } from '../../../lib/dates';
import { rescueFocus } from '../../../lib/focus-rescue';
import { formatCents } from '../../../lib/format';
import { useHabilitation } from '../../../lib/session';
import { useBankReconciliation, useValidateReconciliation } from '../api/bank-reconciliation';
import { BANK_PATH } from './ComptaNav';
import { ExplanationTable, UnmatchedTables } from './ReconciliationTables';

function Validation({ r }: { r: BankReconciliation }) {
  const mayWrite = useHabilitation('COMPTA_SAISIE');
  const validate = useValidateReconciliation();
  const button = useRef<HTMLButtonElement>(null);
  const day = formatDay(r.date);
  const run = async () => {
    const compte = r.compte!;
    // Locking cannot be undone: the treasurer reads what it means first, the focus on « Annuler ».
    const answer = await openDialog({
      type: 'question',
      title: `Valider le rapprochement au ${day}`,
      text:
        `La période jusqu’au ${day} sera close sur « ${compte.nom} » (${compte.compte}) : ` +
        'ses lignes de relevé, leurs correspondances et les écritures du compte jusqu’à cette date ne ' +
        'pourront plus changer. Une erreur ne se corrigera plus que par une contre-passation, datée après ' +
        'la période.',
      details: [
        ...(r.soldeReleve === null ? [] : [`Solde du relevé : ${formatCents(r.soldeReleve)}`]),
        `Solde comptable : ${formatCents(r.soldeComptable)}`,
      ],
      okLabel: 'Valider et clore la période',
    });
    if (answer !== 'ok') return;
    validate.mutate(
      { iban: compte.iban, date: r.date },
      {
        onSuccess: () => {
          toast('success', `Rapprochement validé au ${day}.`);
          // The button is now disabled (the period is closed): the focus goes to the page's heading
          // rather than falling to the top of the document.
          rescueFocus(button.current);
        },
      },
    );
  };
  return (
    <Stack gap="xs" maw={720}>
      {r.verrou && (
        <Alert
          color="green"
          icon={<IconLock size={18} aria-hidden />}
          title={`Rapproché au ${formatDay(r.verrou.date)}`}
        >
          Validé par {r.verrou.par} le {formatDateTime(r.verrou.le)} : relevé{' '}
          {formatCents(r.verrou.soldeReleve)}, comptabilité {formatCents(r.verrou.soldeComptable)}. Les lignes
          et les écritures jusqu’à cette date ne changent plus.
        </Alert>
      )}
      {r.raison && r.compte && (
        <Alert color={r.ecart !== 0 ? 'red' : 'blue'} title="Pas encore validable à cette date">
          {r.raison}
        </Alert>
      )}
      {mayWrite && r.compte && (
        <Group>
          <Button
            ref={button}
            leftSection={<IconLock size={18} aria-hidden />}
            disabled={!r.validable}
            loading={validate.isPending}
            onClick={() => void run()}
          >
            Valider le rapprochement au {day}
          </Button>
          <Text size="sm" c="dimmed">
            Une fois validé, les lignes du relevé et les écritures du compte jusqu’au {day} ne changent plus.
          </Text>
        </Group>
      )}
    </Stack>
  );
}

export function ReconciliationPage() {
  usePageTitle('Rapprochement bancaire');
  const [iban, setIban] = useState<string | null>(null);
  const [date, setDate] = useState(parisDay());
  const state = useBankReconciliation(iban, /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null);
  const r = state.data;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <BackLink to={BANK_PATH} parent="à la banque" />
        <Title order={2}>Rapprochement bancaire</Title>
      </Stack>
      <Group align="flex-end" wrap="wrap">
        {r && r.comptes.length > 0 && (
          <Select
            label="Compte bancaire"
            data={r.comptes.map((c) => ({ value: c.iban, label: `${c.nom} (${c.compte})` }))}
            value={r.compte?.iban ?? null}
            onChange={setIban}
            allowDeselect={false}
            w={320}
          />
        )}
        <DateField label="Date du rapprochement" value={date} onChange={setDate} w={220} />
      </Group>
      {state.isPending && <Loader aria-label="Chargement du rapprochement" />}
      {state.isError && (
        <Alert color="red">Le rapprochement n’a pas pu être calculé : {state.error.message}</Alert>
      )}
      {r && !r.compte && (
        <Text c="dimmed">
          L’Union n’a pas encore de compte bancaire : un administrateur l’ajoute dans Administration ›
          Paramètres.
        </Text>
      )}
      {r?.compte && r.soldeReleve === null && (
        <Text c="dimmed">
          Aucun relevé de ce compte ne commence le {formatDay(r.date)} ou avant : importez-le depuis la page
          Banque.
        </Text>
      )}
      {r && <ExplanationTable r={r} />}
      {r && <Validation r={r} />}
      {r?.compte && r.soldeReleve !== null && <UnmatchedTables r={r} />}
    </Stack>
  );
}
