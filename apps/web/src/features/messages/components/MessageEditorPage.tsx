/**
 * Writing a broadcast message (/app/diffusions/nouveau, /app/diffusions/{id}): title, plain text, level,
 * window, audience, status, the optional e-mail, and a live preview of how the portal will show it.
 */
import { Button, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MessageInputSchema, MessageUpdateSchema, parisDay, type Message } from '@union/contract';
import { useNavigate, useParams } from 'react-router';
import { openDialog } from '../../../components/dialog';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { BackLink } from '../../../components/BackLink';
import { usePageTitle } from '../../../components/usePageTitle';
import {
  countRecipients,
  useDeleteMessage,
  useEntityNames,
  useMessage,
  useSaveMessage,
} from '../api/messages';
import { MessageCard } from './MessageCard';
import { MessageFormFields, type FormValues } from './MessageFormFields';

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
  const schema = message ? MessageUpdateSchema : MessageInputSchema;
  // What the server receives.
  const bodyOf = (values: FormValues) => ({
    titre: values.titre,
    texte: values.texte,
    niveau: values.niveau,
    debut: values.debut,
    fin: values.fin || null,
    tous: values.tous,
    entites: values.tous ? [] : values.entites.map(Number),
    statut: values.actif ? 'A' : 'I',
    email: values.email,
    ...(message && { id: message.id }),
  });
  const form = useForm<FormValues>({
    initialValues: {
      titre: message?.titre ?? '',
      texte: message?.texte ?? '',
      niveau: message?.niveau ?? 'info',
      debut: message?.debut ?? parisDay(),
      fin: message?.fin ?? '',
      tous: message?.tous ?? true,
      entites: message?.entites.map((e) => String(e.id)) ?? [],
      actif: (message?.statut ?? 'A') === 'A',
      email: message?.email ?? false,
    },
    validate: contractResolver(schema, bodyOf),
  });
  const { titre, texte, niveau } = form.values;

  async function submit(values: FormValues) {
    const body = schema.parse(bodyOf(values));
    // Before anything is e-mailed to many people, say to how many (the server's own count).
    const sends = values.email && values.actif && !message?.envoyeLe && (!body.fin || body.fin >= parisDay());
    if (sends) {
      // A refused count has shown its error already: nothing is sent.
      const count = await countRecipients({ tous: body.tous, entites: body.entites ?? [] }).catch(
        () => undefined,
      );
      if (!count) return;
      const { nombre } = count;
      const answer = await openDialog({
        type: 'question',
        title: 'Envoyer le message par e-mail',
        text:
          nombre === 0
            ? 'Personne ne recevra ce message par e-mail (aucun destinataire ne reçoit les e-mails des messages). Il sera tout de même affiché sur les portails.'
            : `Ce message sera envoyé par e-mail à ${nombre} personne${nombre > 1 ? 's' : ''}, une seule fois.`,
        okLabel:
          nombre === 0 ? 'Publier sans e-mail' : `Envoyer à ${nombre} personne${nombre > 1 ? 's' : ''}`,
      });
      if (answer !== 'ok') return;
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        const queued = saved.emailsEnFile ?? 0;
        const mails = queued > 0 ? ` ${queued} e-mail${queued > 1 ? 's' : ''} en file d'envoi.` : '';
        toast('success', (message ? 'Le message est enregistré.' : 'Le message est publié.') + mails);
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
      okLabel: 'Supprimer',
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
      <BackLink to="/app/diffusions" parent="aux messages" />
      <Title order={2}>{message ? 'Modifier un message' : 'Nouveau message'}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <form onSubmit={form.onSubmit((values) => void submit(values), focusFirstInvalid)} noValidate>
          <Stack gap="sm">
            <MessageFormFields form={form} message={message} entities={entities.data ?? []} />
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
