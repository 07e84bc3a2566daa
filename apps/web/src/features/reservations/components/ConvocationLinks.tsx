/**
 * The convocations tied to one session of the planning, as links (shown in the session's panel). Read
 * from the documents' API through the contract, not through the documents feature, which itself uses the
 * planning (its session picker); publishing or removing a document refreshes these lists too
 * (`planningKeys.convocations`, invalidated by the documents' changes).
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_CALLS } from '@union/contract';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client';
import { planningKeys } from '../api/keys';

export function ConvocationLinks({ idReservation }: { idReservation: number }) {
  // An extra of the session's panel: a failure (no right to documents…) shows nothing, never an error.
  const query = useQuery({
    queryKey: planningKeys.convocations(idReservation),
    queryFn: () => api.call(DOCUMENT_CALLS.list, { query: { idReservation, type: 'V' } }),
    meta: { handlesErrors: true },
    retry: false,
  });
  const docs = query.data?.documents ?? [];
  if (docs.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fw={700} size="sm">
        Convocation{docs.length > 1 ? 's' : ''}
      </Text>
      {docs.map((doc) => (
        <Anchor key={doc.id} component={Link} to={`/app/doc/${doc.id}`} size="sm">
          {doc.titre}
        </Anchor>
      ))}
    </Stack>
  );
}
