/**
 * The portal's warning to administrators (DECISIONS §8): the last good backup is more than two days
 * old, or there is none. Nothing for anyone else, and nothing while the answer is unknown.
 */
import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { useHabilitation } from '../../../lib/session';
import { useBackups } from '../api/backups';

export function BackupWarning() {
  const isAdmin = useHabilitation('ADMIN');
  const backups = useBackups(isAdmin);
  if (!isAdmin || !backups.data?.enRetard) return null;
  const last = backups.data.derniereReussie;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title="Sauvegardes en retard">
      {last
        ? `La dernière sauvegarde réussie date du ${formatDateTime(last)}, il y a plus de deux jours.`
        : "Aucune sauvegarde réussie n'est enregistrée."}{' '}
      <Anchor component={Link} to="/app/admin/sauvegardes">
        Voir les sauvegardes
      </Anchor>
    </Alert>
  );
}
