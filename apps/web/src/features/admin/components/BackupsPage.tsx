/**
 * The backups (DECISIONS §8): the server's daily backup as configured, and the last backups with their
 * time, size and result. Taking and restoring one are operator commands (`npm run backup`,
 * `npm run restore`), described in the operator's guide.
 */
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { BackupOrigin, type BackupEntry, type BackupsOverview } from '@union/contract';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { AdminNav } from './AdminNav';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatDateTime } from '../../../lib/dates';
import { useBackups } from '../api/backups';

const sizes = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** 1536 → "1,5 Ko"; 3 500 000 → "3,3 Mo". */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${sizes.format(bytes / 1024)} Ko`;
  if (bytes < 1024 * 1024 * 1024) return `${sizes.format(bytes / 1024 / 1024)} Mo`;
  return `${sizes.format(bytes / 1024 / 1024 / 1024)} Go`;
}

function DailySettings({ quotidienne }: { quotidienne: BackupsOverview['quotidienne'] }) {
  if (!quotidienne.active)
    return (
      <Alert color="gray" variant="light" title="Sauvegarde quotidienne désactivée">
        Le serveur ne prend aucune sauvegarde de lui-même : indiquez un dossier dans la variable{' '}
        <Code>BACKUP_DIR</Code> (voir le guide d'exploitation), ou sauvegardez avec{' '}
        <Code>npm run backup</Code>.
      </Alert>
    );
  return (
    <Text size="sm">
      Le serveur sauvegarde tout (base de données et documents) chaque jour à {quotidienne.heure} (heure de
      Paris) et garde les {quotidienne.conservees} dernières sauvegardes,{' '}
      {quotidienne.chiffrees ? 'chiffrées par une phrase de passe' : 'non chiffrées'}.
    </Text>
  );
}

function LastGood({ overview }: { overview: BackupsOverview }) {
  if (!overview.enRetard && overview.derniereReussie)
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck />}>
        Dernière sauvegarde réussie le {formatDateTime(overview.derniereReussie)}.
      </Alert>
    );
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title="Sauvegarde en retard">
      {overview.derniereReussie
        ? `La dernière sauvegarde réussie date du ${formatDateTime(overview.derniereReussie)}, il y a plus de deux jours.`
        : "Aucune sauvegarde réussie n'est enregistrée."}
    </Alert>
  );
}

function BackupRow({ backup }: { backup: BackupEntry }) {
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(backup.debut)}</Table.Td>
      <Table.Td>{BackupOrigin[backup.origine]}</Table.Td>
      <Table.Td>
        {backup.reussie ? (
          <Badge color="green" variant="light">
            Réussie
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            Échec
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">{formatSize(backup.taille)}</Table.Td>
      <Table.Td>{backup.chiffree ? 'Oui' : 'Non'}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>
        {backup.reussie ? (
          <Text size="sm">{backup.fichier}</Text>
        ) : (
          <Text size="sm" c="red">
            {backup.erreur}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function BackupsPage() {
  usePageTitle('Sauvegardes');
  const backups = useBackups();
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Sauvegardes</Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} />}
          onClick={() => void backups.refetch()}
          loading={backups.isFetching}
        >
          Actualiser
        </Button>
      </Group>
      <AdminNav />
      {backups.isPending && <Loader aria-label="Chargement des sauvegardes" />}
      {backups.isError && (
        <Alert variant="light" color="red">
          Les sauvegardes n'ont pas pu être chargées.
        </Alert>
      )}
      {backups.data && (
        <>
          <LastGood overview={backups.data} />
          <DailySettings quotidienne={backups.data.quotidienne} />
          {backups.data.sauvegardes.length === 0 ? (
            <Text c="dimmed">Aucune sauvegarde n'a encore été prise.</Text>
          ) : (
            <ScrollArea type="auto">
              <Table striped miw={720} aria-label="Dernières sauvegardes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Origine</Table.Th>
                    <Table.Th>Résultat</Table.Th>
                    <Table.Th ta="right">Taille</Table.Th>
                    <Table.Th>Chiffrée</Table.Th>
                    <Table.Th>Fichier ou erreur</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {backups.data.sauvegardes.map((backup) => (
                    <BackupRow key={backup.id} backup={backup} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </>
      )}
    </Stack>
  );
}
