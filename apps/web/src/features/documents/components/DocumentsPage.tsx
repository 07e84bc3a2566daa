/**
 * The document library (/app/doc): what the caller may read, newest first, with filters (type, entity,
 * year) and a search in the titles and in the text of the PDFs. Each result opens the document's page
 * (preview, download, distribution); publishers see the "Publier" button.
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { API, pathTo, DocumentType } from '@union/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { downloadFile } from '../../../lib/download';
import { formatDay, parisYear } from '../../../lib/dates';
import { useDocuments, useEntityNames, type DocumentFilters } from '../api/documents';
import { DocumentTypeBadge } from './DocumentTypeBadge';
import { fileKind, formatSize } from './format';

const PER_PAGE = 50;
const CONTROL_LABELS = {
  first: 'Première page',
  previous: 'Page précédente',
  next: 'Page suivante',
  last: 'Dernière page',
} as const;
const thisYear = parisYear();
const YEARS = Array.from({ length: 30 }, (_, i) => String(thisYear + 1 - i));

export function DocumentsPage() {
  usePageTitle('Documents');
  const [filters, setFilters] = useState<DocumentFilters>({});
  const [words, setWords] = useState('');
  const [q] = useDebouncedValue(words.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useDocuments({ ...filters, q: q || undefined, page, parPage: PER_PAGE });
  const entities = useEntityNames();
  const data = query.data;

  const set = (name: keyof DocumentFilters) => (value: string | null) => {
    setPage(1);
    setFilters((f) => ({ ...f, [name]: value ?? undefined }));
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Documents</Title>
        {data && data.publication.length > 0 && (
          <Button component={Link} to="publier" leftSection={<IconPlus size={16} />}>
            Publier un document
          </Button>
        )}
      </Group>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <TextInput
            label="Rechercher"
            description="Dans les titres et le texte des PDF"
            placeholder="Exemple : solsticiale"
            leftSection={<IconSearch size={16} />}
            value={words}
            onChange={(e) => {
              setPage(1);
              setWords(e.currentTarget.value);
            }}
            type="search"
          />
          <Select
            label="Type"
            description="Tous les types par défaut"
            placeholder="Tous les types"
            clearable
            data={DocumentType.codes.map((code) => ({ value: code, label: DocumentType.labels[code] }))}
            value={filters.type ?? null}
            onChange={set('type')}
          />
          <Select
            label="Loge ou association"
            description="Toutes par défaut"
            placeholder="Toutes les entités"
            clearable
            searchable
            data={(entities.data ?? [])
              .filter((e) => e.etat === 'A')
              .map((e) => ({ value: String(e.id), label: e.nom }))}
            value={filters.idEntite ?? null}
            onChange={set('idEntite')}
          />
          <Select
            label="Année"
            description="Toutes par défaut"
            placeholder="Toutes les années"
            clearable
            data={YEARS}
            value={filters.annee ?? null}
            onChange={set('annee')}
          />
        </SimpleGrid>
      </form>
      {query.isPending && <Loader aria-label="Chargement des documents" />}
      {data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {data.total === 0
            ? 'Aucun document ne correspond.'
            : `${data.total} document${data.total > 1 ? 's' : ''}`}
        </Text>
      )}
      {data && data.total === 0 && q && (
        <Alert variant="light" color="blue">
          Aucun document ne contient « {q} ». Essayez un autre mot ou retirez des filtres.
        </Alert>
      )}
      {data && data.total === 0 && !q && !Object.values(filters).some(Boolean) && (
        <Alert variant="light" color="gray">
          Aucun document n’est encore publié pour vous.
          {data.publication.length > 0 &&
            ' Pour en publier un, choisissez « Publier un document » : il sera lu par les personnes que vous désignez.'}
        </Alert>
      )}
      <Stack
        gap="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Documents"
      >
        {data?.documents.map((doc) => (
          <Card key={doc.id} withBorder padding="md" component="li">
            <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
              <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Group gap="xs">
                  <DocumentTypeBadge type={doc.type} />
                  {doc.audience === 'TOUS' && (
                    <Text size="xs" c="dimmed">
                      Pour tous
                    </Text>
                  )}
                </Group>
                <Anchor component={Link} to={String(doc.id)} fw={700} style={{ wordBreak: 'break-word' }}>
                  {doc.titre}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {doc.entite} · {formatDay(doc.date)} · {fileKind(doc.typeFichier)}, {formatSize(doc.taille)}
                </Text>
              </Stack>
              <Button
                variant="light"
                size="sm"
                leftSection={<IconDownload size={16} />}
                onClick={() => void downloadFile(pathTo(API.documents.file, { id: doc.id }), doc.nomFichier)}
                aria-label={`Télécharger « ${doc.titre} »`}
              >
                Télécharger
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
      {data && data.total > PER_PAGE && (
        <Pagination
          total={Math.ceil(data.total / PER_PAGE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      )}
    </Stack>
  );
}
