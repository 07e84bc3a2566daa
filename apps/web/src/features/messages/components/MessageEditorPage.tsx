/**
 * Writing a broadcast message (/app/diffusions/nouveau, /app/diffusions/{id}): title, plain text, level,
 * window, audience, status, the optional e-mail, and a live preview of how the portal will show it.
 */
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import {
  MessageInputSchema,
  MessageLevel,
  MessageUpdateSchema,
  type Message,
  type MessageLevel as Level,
} from '@union/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { openDialog } from '../../../components/dialog';
import { useContractCheck } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { useDeleteMessage, useEntityNames, useMessage, useSaveMessage } from '../api/messages';
import { MessageCard } from './MessageCard';

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

export function MessageEditorPage() {
  const param = useParams().id;
  const id = param && param !== 'nouveau' ? Number(param) : null;
  const existing = useMessage(id);
  usePageTitle(id ? 'Modifier un message' : 'Nouveau message');
  if (id && !existing.data) return <Loader aria-label="Chargement du message" />;
  return <Editor key={id ?? 'new'} message={existing.data ?? null} />;
}

function Editor({ message }: { message: Message | null }) {
  const navigate = useNavigate();
  const save = useSaveMessage();
  const remove = useDeleteMessage();
  const entities = useEntityNames();
  const [titre, setTitre] = useState(message?.titre ?? '');
  const [texte, setTexte] = useState(message?.texte ?? '');
  const [niveau, setNiveau] = useState<Level>(message?.niveau ?? 'info');
  const [debut, setDebut] = useState(message?.debut ?? today());
  const [fin, setFin] = useState(message?.fin ?? '');
  const [tous, setTous] = useState(message?.tous ?? true);
  const [entites, setEntites] = useState<string[]>(message?.entites.map((e) => String(e.id)) ?? []);
  const [actif, setActif] = useState((message?.statut ?? 'A') === 'A');
  const [email, setEmail] = useState(message?.email ?? false);

  const { errors, check } = useContractCheck(['titre', 'texte', 'debut', 'fin', 'tous', 'entites']);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const fields = {
      titre,
      texte,
      niveau,
      debut,
      fin: fin || null,
      tous,
      entites: tous ? [] : entites.map(Number),
      statut: actif ? 'A' : 'I',
      email,
    };
    const body = message
      ? check(MessageUpdateSchema, { ...fields, id: message.id })
      : check(MessageInputSchema, fields);
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        toast('success', message ? 'Le message est enregistré.' : 'Le message est publié.');
        void navigate('/app/diffusions');
      },
    });
  }

  async function onDelete() {
    if (!message) return;
    const answer = await openDialog({
      type: 'question',
      title: 'Supprimer le message',
      text: `Supprimer « ${message.titre} » ? Il disparaît de tous les portails.`,
    });
    if (answer === 'ok')
      remove.mutate(message.id, {
        onSuccess: () => {
          toast('success', 'Le message est supprimé.');
          void navigate('/app/diffusions');
        },
      });
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/app/diffusions" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} /> Tous les messages
        </Group>
      </Anchor>
      <Title order={2}>{message ? 'Modifier un message' : 'Nouveau message'}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Titre"
              required
              maxLength={150}
              value={titre}
              onChange={(e) => setTitre(e.currentTarget.value)}
              error={errors.titre}
            />
            <Textarea
              label="Texte"
              description="Texte simple : les retours à la ligne sont gardés, les adresses web deviennent des liens."
              required
              autosize
              minRows={4}
              maxLength={4000}
              value={texte}
              onChange={(e) => setTexte(e.currentTarget.value)}
              error={errors.texte}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="niveau-label">
                Niveau
              </Text>
              <SegmentedControl
                aria-labelledby="niveau-label"
                value={niveau}
                onChange={(v) => setNiveau(v as Level)}
                data={MessageLevel.codes.map((c) => ({ value: c, label: MessageLevel.labels[c] }))}
              />
            </Stack>
            <Group grow align="flex-end">
              <TextInput
                label="Affiché à partir du"
                type="date"
                required
                value={debut}
                onChange={(e) => setDebut(e.currentTarget.value)}
                error={errors.debut}
              />
              <TextInput
                label="Jusqu'au (inclus)"
                description="Vide : sans fin"
                type="date"
                value={fin}
                onChange={(e) => setFin(e.currentTarget.value)}
                error={errors.fin}
              />
            </Group>
            <Radio.Group
              label="Destinataires"
              value={tous ? 'tous' : 'entites'}
              onChange={(v) => setTous(v === 'tous')}
              error={errors.tous}
            >
              <Group gap="md" mt={4}>
                <Radio value="tous" label="Tout le monde" />
                <Radio value="entites" label="Les membres d'entités choisies" />
              </Group>
            </Radio.Group>
            {!tous && (
              <MultiSelect
                label="Entités"
                searchable
                data={(entities.data ?? [])
                  .filter((e) => e.etat === 'A')
                  .map((e) => ({ value: String(e.id), label: e.nom }))}
                value={entites}
                onChange={setEntites}
                error={errors.entites}
              />
            )}
            <Switch
              label="Actif (affiché sur les portails pendant sa période)"
              checked={actif}
              onChange={(e) => setActif(e.currentTarget.checked)}
            />
            <Checkbox
              label={
                message?.envoyeLe
                  ? 'Envoyé par e-mail'
                  : 'Envoyer aussi par e-mail aux destinataires (une seule fois)'
              }
              checked={email}
              disabled={Boolean(message?.envoyeLe)}
              onChange={(e) => setEmail(e.currentTarget.checked)}
            />
            <Group>
              <Button type="submit" loading={save.isPending}>
                {message ? 'Enregistrer' : 'Publier le message'}
              </Button>
              {message?.actions.includes('DELETE') && (
                <Button
                  variant="light"
                  color="red"
                  onClick={() => void onDelete()}
                  loading={remove.isPending}
                >
                  Supprimer
                </Button>
              )}
            </Group>
          </Stack>
        </form>
        <Stack gap="xs" component="section" aria-labelledby="apercu-title">
          <Title order={3} id="apercu-title">
            Aperçu sur le portail
          </Title>
          <MessageCard
            titre={titre || 'Titre du message'}
            texte={texte || 'Le texte du message.'}
            niveau={niveau}
          />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
