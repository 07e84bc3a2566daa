/**
 * The members of one managed entity: name, fonction, since when, flags, and exactly the buttons the
 * server allows on each membership; plus add, import and Excel export for the whole entity.
 */
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileSpreadsheet, IconFileUpload, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { MembershipFlag, de, type EntitySummary, type Membership } from '@union/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { asyncHandler } from '../../../components/error-handler';
import { openDialog } from '../../../components/dialog';
import { MembershipFlagBadges, MembershipRowActions } from '../../../components/memberships/MembershipCells';
import {
  endMembershipText,
  formatMembershipDay,
  membershipToday,
} from '../../../components/memberships/endMembership';
import { MembershipTable } from '../../../components/memberships/MembershipTable';
import { toast } from '../../../components/toast';
import { ImportWizard } from '../../imports';
import { useExportMembers } from '../api/export-members';
import { useEndMember, useMembers, useRefreshMembers } from '../api/members';
import { MemberModal } from './MemberModal';
import { compareFrench } from '../../../lib/collator';
import { useDialogState } from '../../../components/useDialogState';

/** Accents and case ignored, as the server's search does. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const formatDay = formatMembershipDay;

function period(m: Membership) {
  if (m.fin && m.fin < membershipToday()) return `Jusqu’au ${formatDay(m.fin)}`;
  if (m.debut) return `Depuis le ${formatDay(m.debut)}`;
  return '—';
}

export function MembersPanel({ entite }: { entite: EntitySummary }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const { data, isPending } = useMembers(entite.id);
  const end = useEndMember(entite.id);
  const exportMembers = useExportMembers();
  const refresh = useRefreshMembers();
  const [filter, setFilter] = useState('');
  const [showPast, setShowPast] = useState(false);
  const [editing, setEditing] = useDialogState<Membership | 'new'>();
  const [importing, setImporting] = useState(false);
  const today = membershipToday();

  const members = useMemo(() => {
    const wanted = fold(filter.trim());
    return (data ?? [])
      .filter((m) => showPast || m.fin === null || m.fin >= today)
      .filter(
        (m) =>
          !wanted ||
          fold(
            `${m.utilisateur.nom} ${m.utilisateur.prenom} ${m.utilisateur.email} ${m.fonction ?? ''}`,
          ).includes(wanted),
      )
      .sort((a, b) =>
        compareFrench(
          `${a.utilisateur.nom} ${a.utilisateur.prenom}`,
          `${b.utilisateur.nom} ${b.utilisateur.prenom}`,
        ),
      );
  }, [data, filter, showPast, today]);
  const currentCount = (data ?? []).filter((m) => m.actuelle).length;

  async function confirmEnd(m: Membership) {
    const answer = await openDialog({
      type: 'question',
      title: 'Terminer l’appartenance',
      text: endMembershipText(`${m.utilisateur.prenom} ${m.utilisateur.nom}`, entite.nom, m.debut),
      okLabel: 'Terminer l’appartenance',
    });
    if (answer === 'ok')
      end.mutate(
        { userId: m.userId, id: m.id },
        { onSuccess: () => toast('success', 'Appartenance terminée.') },
      );
  }

  function rowActions(m: Membership) {
    const who = `${m.utilisateur.prenom} ${m.utilisateur.nom}`;
    return (
      <MembershipRowActions
        membership={m}
        onEdit={setEditing}
        onEnd={asyncHandler(confirmEnd)}
        editLabel={`Modifier l’appartenance ${de(who)}`}
        endLabel={`Terminer l’appartenance ${de(who)}`}
        endTooltip="Terminer l’appartenance"
      />
    );
  }

  function exportList() {
    // The export follows the list: former members too when they are shown.
    exportMembers.mutate(
      { entityId: entite.id, withFormer: showPast },
      {
        onSuccess: (name) => toast('success', `Liste exportée : ${name}`),
      },
    );
  }

  return (
    <Stack gap="md">
      <MembersHeader
        entite={entite}
        isPending={isPending}
        currentCount={currentCount}
        onAdd={() => setEditing('new')}
        onImport={() => setImporting(true)}
        onExport={exportList}
        exporting={exportMembers.isPending}
      />

      <MembersFilter filter={filter} onFilter={setFilter} showPast={showPast} onShowPast={setShowPast} />

      {isPending && <Loader size="sm" aria-label="Chargement des membres" />}
      {data && members.length === 0 && (
        <Alert color="gray">
          {data.length === 0
            ? 'Cette entité n’a encore aucun membre : ajoutez-en un ou importez une liste.'
            : 'Aucun membre ne correspond.'}
        </Alert>
      )}
      {members.length > 0 && narrow && (
        // On a phone, one card per member instead of a table scrolled sideways.
        <MemberCards entite={entite} members={members} rowActions={rowActions} />
      )}
      {members.length > 0 && !narrow && (
        <MembershipTable
          rows={members}
          first={{
            header: 'Membre',
            props: { maw: 260 },
            cell: (m) => (
              <>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {m.utilisateur.nom} {m.utilisateur.prenom}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {m.utilisateur.email}
                </Text>
              </>
            ),
          }}
          period={period}
          actions={rowActions}
          minWidth={720}
          actionsWidth={80}
          actionsHeader="Actions"
          aria-label={`Membres ${de(entite.nom)}`}
        />
      )}

      {editing !== null && (
        <MemberModal
          key={editing === 'new' ? 'new' : editing.id}
          entite={entite}
          membership={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <Modal
        opened={importing}
        onClose={() => setImporting(false)}
        title={`Importer des membres dans « ${entite.nom} »`}
        size="xl"
        fullScreen={narrow}
        closeOnClickOutside={false}
      >
        {importing && (
          <ImportWizard
            entite={entite}
            onImported={() => void refresh(entite.id)}
            onClose={() => setImporting(false)}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** The members as one card each, for a phone. */
function MemberCards({
  entite,
  members,
  rowActions,
}: {
  entite: EntitySummary;
  members: Membership[];
  rowActions: (m: Membership) => ReactNode;
}) {
  return (
    <Stack gap="xs" aria-label={`Membres ${de(entite.nom)}`}>
      {members.map((m) => (
        <Paper key={m.id} withBorder p="sm" radius="md" opacity={m.actuelle ? 1 : 0.6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {m.utilisateur.nom} {m.utilisateur.prenom}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {m.utilisateur.email}
              </Text>
              <Text size="sm">
                {m.fonction ?? 'Sans fonction'} · {period(m)}
              </Text>
            </div>
            {rowActions(m)}
          </Group>
          {MembershipFlag.codes.some((flag) => m[flag]) && (
            <Group mt={6}>
              <MembershipFlagBadges membership={m} />
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** The entity's name, its count of current members, and the add, import and export buttons. */
function MembersHeader({
  entite,
  isPending,
  currentCount,
  onAdd,
  onImport,
  onExport,
  exporting,
}: {
  entite: EntitySummary;
  isPending: boolean;
  currentCount: number;
  onAdd: () => void;
  onImport: () => void;
  onExport: () => void;
  exporting: boolean;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
          {entite.nom}
        </Title>
        <Text size="sm" c="dimmed">
          {isPending
            ? 'Chargement…'
            : `${currentCount} membre${currentCount > 1 ? 's' : ''} actuel${currentCount > 1 ? 's' : ''}`}
          {entite.numero ? ` · n° ${entite.numero}` : ''}
          {entite.ville ? ` · ${entite.ville}` : ''}
        </Text>
      </div>
      <Group gap="xs" wrap="wrap">
        <Button leftSection={<IconUserPlus size={16} />} onClick={onAdd}>
          Ajouter un membre
        </Button>
        <Button variant="light" leftSection={<IconFileUpload size={16} />} onClick={onImport}>
          Importer
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={onExport}
          loading={exporting}
        >
          Exporter (Excel)
        </Button>
      </Group>
    </Group>
  );
}

/** The text filter and the switch that shows former members. */
function MembersFilter({
  filter,
  onFilter,
  showPast,
  onShowPast,
}: {
  filter: string;
  onFilter: (value: string) => void;
  showPast: boolean;
  onShowPast: (value: boolean) => void;
}) {
  return (
    <Group gap="sm" wrap="wrap">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder="Filtrer par nom, e-mail ou fonction"
        aria-label="Filtrer les membres"
        value={filter}
        onChange={(e) => onFilter(e.currentTarget.value)}
        style={{ flex: '1 1 220px' }}
      />
      <Switch
        label="Afficher les anciens membres"
        checked={showPast}
        onChange={(e) => onShowPast(e.currentTarget.checked)}
      />
    </Group>
  );
}
