/** The convocations tied to one session of the planning, as links (shown in the session's panel). */
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DocumentListSchema } from '@union/contract';
import { DOCUMENTS_KEY, documentsUrl } from '../api/documents';

export function ConvocationLinks({ idReservation }: { idReservation: number }) {
  // An extra of the session's panel: a failure (no right to documents…) shows nothing, never an error.
  const query = useQuery({
    queryKey: [...DOCUMENTS_KEY, 'convocations', idReservation],
    queryFn: () => api.get(documentsUrl({ idReservation, type: 'V' }), { schema: DocumentListSchema }),
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
