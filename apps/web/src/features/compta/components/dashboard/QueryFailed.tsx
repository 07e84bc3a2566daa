import { Alert } from '@mantine/core';

/** One chart group's call failed: the others still show. */
export function QueryFailed({ what }: { what: string }) {
  return <Alert color="red">{what} n’ont pas pu être chargés. Rechargez la page pour réessayer.</Alert>;
}
