/**
 * The portal's count of card top-ups waiting for validation (issue 21), for those who may validate them
 * (COMPTA_SAISIE): the member is told their top-up waits; the treasurer is told here (and by the daily
 * e-mail). Nothing when none waits, nothing for anyone else, nothing while the answer is unknown.
 */
import { Alert, Anchor } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { PAGES } from '@union/contract';
import { Link } from 'react-router';
import { useHabilitation } from '../../../lib/session';
import { useTopUpsWaiting } from '../api/cards';

export function TopUpsWaiting() {
  const mayValidate = useHabilitation('COMPTA_SAISIE');
  const waiting = useTopUpsWaiting(mayValidate);
  const n = waiting.data?.nombre ?? 0;
  if (!mayValidate || n === 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconCreditCard />} title="Rechargements à valider">
      {n === 1
        ? '1 rechargement de carte payé en ligne attend votre validation.'
        : `${n} rechargements de carte payés en ligne attendent votre validation.`}{' '}
      <Anchor component={Link} to={PAGES.topUps}>
        Valider les rechargements
      </Anchor>
    </Alert>
  );
}
