/**
 * /app/restauration/caisse (MENUS): the card desk. Open a till session with its float; credit a card in
 * cash or by cheque, or debit it for what the bar sells, each with its receipt; close the session with the
 * cash counted, the difference explained. Phone first: one column of forms, tables scroll.
 */
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import {
  MovementType,
  Till,
  type DeskCard,
  type TillSessionDetail,
  type Till as TillCode,
} from '@union/contract';
import { useState, type FormEvent } from 'react';
import { asyncHandler, handleApiError } from '../../../components/error-handler';
import { ScrollTable } from '../../../components/ScrollTable';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { eurosToCents, formatCents } from '../../../lib/format';
import { formatDateTime } from '../../../lib/dates';
import {
  downloadReceipt,
  useCloseTill,
  useDeskCards,
  useDeskMovement,
  useOpenTill,
  useTillSession,
  useTillSessions,
} from '../api/desk';
import { TillSessionsTable } from './TillSessionsTable';

export function DeskPage() {
  usePageTitle('Caisse des cartes Union');
  const open = useTillSessions(true);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const current = chosen ?? open.data?.[0]?.id;
  const session = useTillSession(current);

  return (
    <Stack gap="md">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        Caisse des cartes Union
      </Title>
      {open.isPending && <Loader aria-label="Chargement des sessions de caisse" />}
      {open.data && open.data.length > 1 && (
        <SegmentedControl
          aria-label="Session de caisse affichée"
          value={String(current)}
          onChange={(v) => setChosen(Number(v))}
          data={open.data.map((s) => ({ value: String(s.id), label: Till.labels[s.caisse] }))}
        />
      )}
      {open.data && <OpenForm busy={open.data.map((s) => s.caisse)} onOpened={setChosen} />}
      {session.data && session.data.cloture === null && <OpenSession session={session.data} />}
      <Title order={3} fz={{ base: 18, sm: 20 }}>
        Sessions précédentes
      </Title>
      <TillSessionsTable />
    </Stack>
  );
}

/** Opens a session on a till that has none; hidden once every till is open. */
function OpenForm({ busy, onOpened }: { busy: TillCode[]; onOpened: (id: number) => void }) {
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

function OpenSession({ session }: { session: TillSessionDetail }) {
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} fz={{ base: 18, sm: 20 }}>
            {Till.labels[session.caisse]} – session n° {session.id}
          </Title>
          <Text size="sm">
            Ouverte le {formatDateTime(session.ouverture)} par {session.ouvertPar.prenom}{' '}
            {session.ouvertPar.nom}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
            <Figure label="Fond de caisse" cents={session.fondInitial} />
            <Figure label="Espèces reçues" cents={session.especes} />
            <Figure label={`Chèques (${session.nombreCheques})`} cents={session.cheques} />
            <Figure label="Ventes au bar" cents={session.ventes} />
            <Figure label="Espèces attendues" cents={session.attendu} strong />
          </SimpleGrid>
        </Stack>
      </Paper>
      <MovementForm sessionId={session.id} />
      <Movements session={session} />
      <CloseForm session={session} />
    </Stack>
  );
}

function Figure({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500}>{formatCents(cents)}</Text>
    </div>
  );
}

type Operation = 'E' | 'C' | 'V';
const OPERATIONS: { value: Operation; label: string }[] = [
  { value: 'E', label: 'Crédit en espèces' },
  { value: 'C', label: 'Crédit par chèque' },
  { value: 'V', label: 'Vente au bar' },
];

/** Credit a card (cash, cheque) or debit it for a bar sale: find the card, say what, record. */
function MovementForm({ sessionId }: { sessionId: number }) {
  const [q, setQ] = useState('');
  const [card, setCard] = useState<string | null>(null);
  const [operation, setOperation] = useState<Operation>('E');
  const [montant, setMontant] = useState<number | string>('');
  const [texte, setTexte] = useState('');
  const [errors, setErrors] = useState<{ card?: string; montant?: string; texte?: string }>({});
  const cards = useDeskCards(q);
  const record = useDeskMovement();
  const keyOf = (c: DeskCard) => (c.idEntite !== null ? `e${c.idEntite}` : `u${c.idUser}`);
  const selected = cards.data?.find((c) => keyOf(c) === card);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!selected) found.card = 'Carte : cherchez le membre ou la loge, puis choisissez sa carte.';
    if (montant === '' || Number(montant) <= 0) found.montant = 'Montant : indiquez un montant en euros.';
    if (operation === 'V' && texte.trim() === '') found.texte = 'Article : indiquez ce qui est vendu.';
    setErrors(found);
    if (Object.keys(found).length > 0 || !selected) {
      const first = found.card ? 'desk-card-search' : found.montant ? 'desk-amount' : 'desk-text';
      document.getElementById(first)?.focus();
      return;
    }
    const owner = selected.idEntite !== null ? { idEntite: selected.idEntite } : { idUser: selected.idUser! };
    const cents = eurosToCents(montant);
    const input =
      operation === 'V'
        ? { type: 'V' as const, ...owner, montant: cents, libelle: texte.trim() }
        : {
            type: 'G' as const,
            ...owner,
            montant: cents,
            moyen: operation,
            ...(operation === 'C' && texte.trim() ? { reference: texte.trim() } : {}),
          };
    record.mutate(
      { sessionId, input },
      {
        onSuccess: (m) => {
          toast(
            'success',
            // « Vente » is feminine: « Vente au bar de 4,00 € enregistrée », « Crédit … enregistré ».
            `${MovementType.labels[m.type]} de ${formatCents(Math.abs(m.montant))} enregistré${m.type === 'V' ? 'e' : ''} pour ${m.titulaire} : nouveau solde ${formatCents(m.soldeApres)}.`,
          );
          setMontant('');
          setTexte('');
          downloadReceipt(m.id).catch(handleApiError);
        },
      },
    );
  }

  return (
    <Paper withBorder p="md">
      <form noValidate onSubmit={submit} aria-labelledby="mouvement-carte">
        <Stack gap="sm">
          <Title order={3} fz={{ base: 18, sm: 20 }} id="mouvement-carte">
            Créditer ou débiter une carte
          </Title>
          <TextInput
            id="desk-card-search"
            label="Carte de"
            description="Deux lettres au moins du nom du membre ou de la loge"
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setCard(null);
            }}
            error={errors.card}
            autoComplete="off"
          />
          {cards.isFetching && <Loader size="sm" aria-label="Recherche des cartes" />}
          {cards.data && cards.data.length === 0 && (
            <Text size="sm">Aucune carte ne correspond à « {q.trim()} ».</Text>
          )}
          {cards.data && cards.data.length > 0 && (
            <Radio.Group label="Carte choisie" value={card} onChange={setCard} required>
              <Stack gap={6} mt={4}>
                {cards.data.map((c) => (
                  <Radio
                    key={keyOf(c)}
                    value={keyOf(c)}
                    label={`${c.titulaire}${c.idEntite !== null ? ' (loge)' : ''} – solde ${formatCents(c.solde)}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <SegmentedControl
            aria-label="Opération"
            value={operation}
            onChange={(v) => setOperation(v as Operation)}
            data={OPERATIONS}
            fullWidth
            orientation="horizontal"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              id="desk-amount"
              label="Montant (€)"
              required
              min={0}
              decimalScale={2}
              decimalSeparator=","
              value={montant}
              onChange={setMontant}
              error={errors.montant}
            />
            {operation !== 'E' && (
              <TextInput
                id="desk-text"
                label={operation === 'V' ? 'Article vendu' : 'Numéro et banque du chèque'}
                required={operation === 'V'}
                value={texte}
                onChange={(e) => setTexte(e.currentTarget.value)}
                maxLength={operation === 'V' ? 200 : 100}
                error={errors.texte}
              />
            )}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={record.isPending}>
              {operation === 'V' ? 'Débiter la carte' : 'Créditer la carte'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Movements({ session }: { session: TillSessionDetail }) {
  if (session.mouvements.length === 0) {
    return (
      <Alert variant="light" color="gray" icon={<IconInbox />}>
        Aucun mouvement dans cette session.
      </Alert>
    );
  }
  return (
    <ScrollTable label="Mouvements de la session" minWidth={720}>
      <Table striped aria-label="Mouvements de la session">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Heure</Table.Th>
            <Table.Th>Carte de</Table.Th>
            <Table.Th>Opération</Table.Th>
            <Table.Th>Montant</Table.Th>
            <Table.Th>Solde après</Table.Th>
            <Table.Th>Par</Table.Th>
            <Table.Th>Reçu</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {session.mouvements.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{formatDateTime(m.date)}</Table.Td>
              <Table.Td>{m.titulaire}</Table.Td>
              <Table.Td>{m.type === 'V' ? `Vente : ${m.libelle}` : m.libelle}</Table.Td>
              <Table.Td>{formatCents(m.montant)}</Table.Td>
              <Table.Td>{formatCents(m.soldeApres)}</Table.Td>
              <Table.Td>{m.auteur ? `${m.auteur.prenom} ${m.auteur.nom}` : ''}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`Imprimer le reçu n° ${m.id} (${m.titulaire})`}
                  onClick={asyncHandler(() => downloadReceipt(m.id))}
                >
                  Reçu n° {m.id}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The close: the cash counted; a difference with what is expected needs its reason. */
function CloseForm({ session }: { session: TillSessionDetail }) {
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
