/**
 * The memberships of a user (one row per entity) or of an entity (one row per member), with their
 * fonction, dates and flags. The buttons are exactly the actions the server allows on each row.
 */
import { Alert, Button, Card, Group, Loader, Stack, Switch, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type Membership } from '@union/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { asyncHandler } from '../../../components/error-handler';
import { openDialog } from '../../../components/dialog';
import { MembershipRowActions } from '../../../components/memberships/MembershipCells';
import { endMembershipText, membershipToday } from '../../../components/memberships/endMembership';
import { MembershipTable } from '../../../components/memberships/MembershipTable';
import { toast } from '../../../components/toast';
import { useEndMembership, useMemberships, type MembershipScope } from '../api/memberships';
import { formatDay } from '../../../lib/dates';
import { MembershipModal } from './MembershipModal';
import { useDialogState } from '../../../components/useDialogState';

interface Props {
  scope: MembershipScope;
  /** Whether the add button shows (the server still checks). */
  canAdd: boolean;
}

function period(m: Membership) {
  if (!m.debut && !m.fin) return 'Sans date';
  if (!m.fin) return `Depuis le ${formatDay(m.debut)}`;
  if (!m.debut) return `Jusqu'au ${formatDay(m.fin)}`;
  return `Du ${formatDay(m.debut)} au ${formatDay(m.fin)}`;
}

export function MembershipsPanel({ scope, canAdd }: Props) {
  const fromUser = 'userId' in scope;
  const { data, isPending } = useMemberships(scope);
  const end = useEndMembership();
  const [editing, setEditing] = useDialogState<Membership | 'new'>();
  const [showPast, setShowPast] = useState(false);
  const today = membershipToday();
  // Current and future memberships by default; ended ones on request.
  const rows = (data ?? []).filter((m) => showPast || m.fin === null || m.fin >= today);
  const pastCount = (data ?? []).length - rows.length;

  async function confirmEnd(m: Membership) {
    const answer = await openDialog({
      type: 'question',
      title: "Terminer l'appartenance",
      text: endMembershipText(`${m.utilisateur.prenom} ${m.utilisateur.nom}`, m.entite.nom, m.debut),
      okLabel: 'Terminer l’appartenance',
    });
    if (answer === 'ok')
      end.mutate(
        { userId: m.userId, id: m.id },
        { onSuccess: () => toast('success', 'Appartenance terminée.') },
      );
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="lg">
            {fromUser ? 'Appartenances' : 'Membres'}
          </Title>
          <Group gap="sm">
            <Switch
              size="sm"
              label="Afficher les appartenances terminées"
              checked={showPast}
              onChange={(e) => setShowPast(e.currentTarget.checked)}
            />
            {canAdd && (
              <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                {fromUser ? 'Ajouter une appartenance' : 'Ajouter un membre'}
              </Button>
            )}
          </Group>
        </Group>
        {isPending && <Loader size="sm" aria-label="Chargement des appartenances" />}
        {data && rows.length === 0 && (
          <Alert color="gray">
            {fromUser
              ? "Cet utilisateur n'appartient à aucune entité."
              : "Cette entité n'a aucun membre actuel."}
            {pastCount > 0 &&
              ` (${pastCount} appartenance${pastCount > 1 ? 's' : ''} terminée${pastCount > 1 ? 's' : ''})`}
          </Alert>
        )}
        {rows.length > 0 && (
          <MembershipTable
            rows={rows}
            first={{
              header: fromUser ? 'Entité' : 'Membre',
              props: { fw: 500 },
              cell: (m) =>
                fromUser ? (
                  <Link to={`/app/admin/entites/${m.entiteId}`}>{m.entite.nom}</Link>
                ) : (
                  <Link to={`/app/admin/utilisateurs/${m.userId}`}>
                    {m.utilisateur.prenom} {m.utilisateur.nom}
                  </Link>
                ),
            }}
            period={period}
            actions={(m) => (
              <MembershipRowActions
                membership={m}
                onEdit={setEditing}
                onEnd={asyncHandler(confirmEnd)}
                editLabel="Modifier l'appartenance"
                endLabel="Terminer l'appartenance"
                endTooltip="Terminer"
              />
            )}
            minWidth={640}
            actionsWidth={90}
          />
        )}
      </Stack>
      {editing !== null && (
        <MembershipModal
          key={editing === 'new' ? 'new' : editing.id}
          scope={scope}
          membership={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
