/**
 * The state of the desk's card form: the search, the card chosen, the operation, the amount and its text;
 * checked on submit (the first wrong field gets the focus), then recorded with its receipt.
 */
import { MovementType, type DeskCard } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { handleApiError } from '../../../components/error-handler';
import { toast } from '../../../components/toast';
import { eurosToCents, formatCents } from '../../../lib/format';
import { downloadReceipt, useDeskCards, useDeskMovement } from '../api/desk';

/** Crédit en espèces, crédit par chèque, vente au bar. */
export type Operation = 'E' | 'C' | 'V';

export const cardKeyOf = (c: DeskCard) => (c.idEntite !== null ? `e${c.idEntite}` : `u${c.idUser}`);

export function useCardMovementForm(sessionId: number) {
  const [q, setQ] = useState('');
  const [card, setCard] = useState<string | null>(null);
  const [operation, setOperation] = useState<Operation>('E');
  const [montant, setMontant] = useState<number | string>('');
  const [texte, setTexte] = useState('');
  const [errors, setErrors] = useState<{ card?: string; montant?: string; texte?: string }>({});
  const cards = useDeskCards(q);
  const record = useDeskMovement();
  const selected = cards.data?.find((c) => cardKeyOf(c) === card);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!selected) found.card = 'Carte : cherchez le membre ou la loge, puis choisissez sa carte.';
    if (montant === '' || Number(montant) <= 0) found.montant = 'Montant : indiquez un montant en euros.';
    if (operation === 'V' && texte.trim() === '') found.texte = 'Article : indiquez ce qui est vendu.';
    setErrors(found);
    if (Object.keys(found).length > 0 || !selected) {
      const first = found.card ? 'desk-card-search' : found.montant ? 'desk-amount' : 'desk-text';
      document.getElementById(first)?.focus();
      return;
    }
    const owner = selected.idEntite !== null ? { idEntite: selected.idEntite } : { idUser: selected.idUser! };
    const cents = eurosToCents(montant);
    const input =
      operation === 'V'
        ? { type: 'V' as const, ...owner, montant: cents, libelle: texte.trim() }
        : {
            type: 'G' as const,
            ...owner,
            montant: cents,
            moyen: operation,
            ...(operation === 'C' && texte.trim() ? { reference: texte.trim() } : {}),
          };
    record.mutate(
      { sessionId, input },
      {
        onSuccess: (m) => {
          toast(
            'success',
            // « Vente » is feminine: « Vente au bar de 4,00 € enregistrée », « Crédit … enregistré ».
            `${MovementType.labels[m.type]} de ${formatCents(Math.abs(m.montant))} enregistré${m.type === 'V' ? 'e' : ''} pour ${m.titulaire} : nouveau solde ${formatCents(m.soldeApres)}.`,
          );
          setMontant('');
          setTexte('');
          downloadReceipt(m.id).catch(handleApiError);
        },
      },
    );
  }

  /** A new search forgets the card chosen. */
  const search = (text: string) => {
    setQ(text);
    setCard(null);
  };

  return {
    q,
    search,
    cards,
    card,
    setCard,
    operation,
    setOperation,
    montant,
    setMontant,
    texte,
    setTexte,
    errors,
    submit,
    pending: record.isPending,
  };
}
