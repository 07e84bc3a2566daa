/**
 * One document (/app/doc/{id}, the page the distribution e-mails link to): its facts, a preview of a PDF
 * or an image in the page, the download, and for its publishers the distribution with its counts and
 * exactly the buttons the server allows.
 */
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconDownload,
  IconExternalLink,
  IconMail,
  IconMailOff,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { API, pathTo, DistributionState, DocumentAudience, type DocumentDetail } from '@union/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { BackLink } from '../../../components/BackLink';
import { usePageTitle } from '../../../components/usePageTitle';
import { downloadFile, saveBlob } from '../../../lib/download';
import { formatDateTime, formatLongDate } from '../../../lib/dates';
import {
  fetchDocumentFile,
  useCancelDistribution,
  useDeleteDocument,
  fetchDistributionPreview,
  useDistribute,
  useDocument,
} from '../api/documents';
import { EditDocumentModal } from './EditDocumentModal';
import { DocumentTypeBadge } from './DocumentTypeBadge';
import { fileKind, formatSize, isPreviewable } from './format';

export function DocumentPage() {
  const id = Number(useParams().id);
  const query = useDocument(id);
  usePageTitle(query.data?.titre ?? 'Document');
  const doc = query.data;
  return (
    <Stack gap="md">
      <BackLink to="/app/doc" parent="aux documents" />
      {query.isPending && <Loader aria-label="Chargement du document" />}
      {doc && <DocumentView doc={doc} />}
    </Stack>
  );
}

function DocumentView({ doc }: { doc: DocumentDetail }) {
  const [url, setUrl] = useState<string | null>(null);
  const previewable = isPreviewable(doc.typeFichier);

  useEffect(() => {
    if (!previewable) return;
    let objectUrl: string | null = null;
    let live = true;
    void fetchDocumentFile(doc.id).then((blob) => {
      if (!live) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [doc.id, previewable]);

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="xs">
          <DocumentTypeBadge type={doc.type} />
          <Badge variant="outline" color="gray" c="dark.6" styles={{ label: { textTransform: 'none' } }}>
            {DocumentAudience.labels[doc.audience]}
          </Badge>
        </Group>
        <Title order={2} style={{ wordBreak: 'break-word' }}>
          {doc.titre}
        </Title>
        <Text c="dimmed">
          {doc.entite} · {formatLongDate(doc.date)}
        </Text>
      </Stack>
      <Group gap="sm">
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void downloadFile(pathTo(API.documents.file, { id: doc.id }), doc.nomFichier)}
        >
          Télécharger ({formatSize(doc.taille)})
        </Button>
        {url && (
          <Button
            variant="light"
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
            leftSection={<IconExternalLink size={16} />}
          >
            Ouvrir dans un nouvel onglet
          </Button>
        )}
        {!url && !previewable && (
          <Button
            variant="light"
            onClick={() => void fetchDocumentFile(doc.id).then((b) => saveBlob(b, doc.nomFichier))}
          >
            Enregistrer
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {doc.nomFichier} · {fileKind(doc.typeFichier)}
      </Text>
      {previewable && !url && doc.typeFichier !== 'application/pdf' && (
        <Loader size="sm" aria-label="Chargement de l'aperçu" />
      )}
      {doc.typeFichier === 'application/pdf' && (
        // The preview's place is kept while the file loads: the buttons below do not jump away from a
        // finger or a click when it arrives.
        <Center style={PDF_PREVIEW_BOX}>
          {url ? (
            <iframe
              src={url}
              title={`Aperçu de « ${doc.titre} »`}
              style={{ width: '100%', height: '100%', border: 0 }}
            />
          ) : (
            <Loader size="sm" aria-label="Chargement de l'aperçu" />
          )}
        </Center>
      )}
      {url && doc.typeFichier.startsWith('image/') && (
        <Image src={url} alt={`Aperçu de « ${doc.titre} »`} fit="contain" mah="80vh" />
      )}
      {doc.compteurs && <DistributionPanel doc={doc} />}
    </Stack>
  );
}

const PDF_PREVIEW_BOX = {
  width: '100%',
  height: 'min(80vh, 60rem)',
  border: '1px solid var(--mantine-color-gray-4)',
} as const;

function DistributionPanel({ doc }: { doc: DocumentDetail }) {
  const distribute = useDistribute();
  const cancel = useCancelDistribution();
  const remove = useDeleteDocument();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const counts = doc.compteurs!;

  async function onDistribute() {
    // Before e-mailing many people, say to how many (the count the distribution itself uses).
    const preview = await fetchDistributionPreview(doc.id).catch(() => undefined);
    if (!preview) return;
    const n = preview.nombre;
    if (n === 0) {
      await openDialog({
        type: 'info',
        title: 'Diffuser par e-mail',
        text: `Personne à joindre pour « ${doc.titre} » : chaque destinataire a déjà reçu le document, ou n'a pas activé la notification des documents. Rien n'est envoyé.`,
      });
      return;
    }
    const answer = await openDialog({
      type: 'question',
      title: 'Diffuser par e-mail',
      text: `Envoyer un e-mail à ${n} personne${n > 1 ? 's' : ''} (les destinataires de « ${doc.titre} » dont la notification des documents est activée, pas encore atteints) ? L'e-mail contient un lien vers le document, jamais le fichier.`,
      okLabel: `Envoyer ${n} e-mail${n > 1 ? 's' : ''}`,
    });
    if (answer !== 'ok') return;
    distribute.mutate(doc.id, {
      onSuccess: (r) =>
        toast(
          'success',
          r.nombre === 0
            ? 'Tous les destinataires ont déjà reçu ce document.'
            : `${r.nombre} e-mail${r.nombre > 1 ? 's' : ''} en file d'envoi.`,
        ),
    });
  }

  async function onCancel() {
    const answer = await openDialog({
      type: 'question',
      title: 'Annuler la diffusion',
      text: 'Les e-mails pas encore partis ne seront pas envoyés. Ceux déjà envoyés ne peuvent être repris.',
      okLabel: 'Annuler la diffusion',
      cancelLabel: 'Continuer la diffusion',
    });
    if (answer === 'ok')
      cancel.mutate(doc.id, {
        onSuccess: (r) =>
          toast('success', `${r.nombre} e-mail${r.nombre > 1 ? 's' : ''} annulé${r.nombre > 1 ? 's' : ''}.`),
      });
  }

  async function onDelete() {
    const answer = await openDialog({
      type: 'question',
      title: 'Supprimer le document',
      text: `Supprimer « ${doc.titre} » et son fichier ? Les e-mails de diffusion pas encore partis sont annulés.`,
      okLabel: 'Supprimer le document',
    });
    if (answer === 'ok') {
      remove.mutate(doc.id, {
        onSuccess: () => {
          toast('success', 'Le document est supprimé.');
          void navigate('/app/doc');
        },
      });
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="diffusion-title">
      <Title order={3} id="diffusion-title">
        Diffusion par e-mail
      </Title>
      <Text>
        État : <strong>{DistributionState.labels[doc.diffusion]}</strong>
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Count label="Envoyés" value={counts.envoyes} />
        <Count label="En attente" value={counts.enAttente} />
        <Count label="Échecs" value={counts.echecs} />
        <Count label="Annulés" value={counts.annules} />
      </SimpleGrid>
      {counts.echecs > 0 && (
        <Alert color="red" variant="light">
          Certains e-mails n'ont pas pu être envoyés après plusieurs essais : les adresses sont peut-être
          erronées.
        </Alert>
      )}
      <Group gap="sm">
        {doc.actions.includes('DISTRIBUTE') && (
          <Button
            leftSection={<IconMail size={16} />}
            onClick={() => void onDistribute()}
            loading={distribute.isPending}
          >
            {doc.diffusion === 'N' ? 'Diffuser par e-mail' : 'Diffuser aux nouveaux destinataires'}
          </Button>
        )}
        {doc.actions.includes('CANCEL_DISTRIBUTION') && (
          <Button
            variant="light"
            color="orange"
            leftSection={<IconMailOff size={16} />}
            onClick={() => void onCancel()}
            loading={cancel.isPending}
          >
            Annuler la diffusion
          </Button>
        )}
        {doc.actions.includes('EDIT') && (
          <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            Modifier
          </Button>
        )}
        {doc.actions.includes('DELETE') && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => void onDelete()}
            loading={remove.isPending}
          >
            Supprimer
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Publié le {formatDateTime(doc.publieLe)}
      </Text>
      {editing && <EditDocumentModal doc={doc} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Table withTableBorder>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{label}</Table.Th>
          <Table.Td data-testid={`compteur-${label}`}>{value}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
