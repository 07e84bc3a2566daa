import { openDialog } from '../../../components/dialog';

/** A question whose confirming button repeats its title (« Supprimer le repas »), never « Ok ». */
export const confirm = (title: string, text: string) =>
  openDialog({ type: 'question', title, text, okLabel: title });
