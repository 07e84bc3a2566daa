/**
 * « Notifier » a meal's menu (MENUS): asks how many members would get it, then, confirmed, queues the
 * e-mails; « Menu notifié » until the meal changes again.
 */
import { Button } from '@mantine/core';
import { plural, type Meal } from '@union/contract';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { useNotifyMeal } from '../api/restaurant';
import { mealName } from './labels';
import { asyncHandler } from '../../../components/error-handler';

export function NotifyMenuButton({ meal }: { meal: Meal }) {
  const notify = useNotifyMeal();
  const name = mealName(meal);
  return (
    <Button
      size="compact-md"
      variant="default"
      disabled={meal.notifie}
      aria-label={`${meal.notifie ? 'Menu notifié' : 'Notifier le menu'} de ${name}`}
      loading={notify.preview.isPending || notify.send.isPending}
      onClick={() =>
        notify.preview.mutate(meal.id, {
          onSuccess: asyncHandler(async ({ destinataires }) => {
            if (destinataires === 0) {
              await openDialog({
                type: 'info',
                title: 'Notifier le menu',
                text: "Aucun membre n'a demandé à recevoir les menus par e-mail : rien n'est envoyé.",
              });
              return;
            }
            const answer = await openDialog({
              type: 'question',
              title: 'Notifier le menu',
              text: `Envoyer par e-mail le menu ${name} ? Il part à ${plural(destinataires, 'personne')}.`,
              okLabel: `Envoyer ${plural(destinataires, 'e-mail')}`,
            });
            if (answer !== 'ok') return;
            notify.send.mutate(meal.id, {
              onSuccess: (r) => toast('success', `${plural(r.destinataires, 'e-mail')} en file d'envoi.`),
            });
          }),
        })
      }
    >
      {meal.notifie ? 'Menu notifié' : 'Notifier'}
    </Button>
  );
}
