import { Group, Image, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
// A hashed file name, cached for good like the scripts: a plain /logo.svg was asked again at every page.
import logo from './logo.svg';

/** Logo and name of the application; leads to the portal when connected, to the landing page otherwise. */
export function Brand() {
  const session = useSession();
  return (
    <Link to={session ? '/app/portail' : '/'} className="brand" aria-label="Intranet de l'Union : accueil">
      <Group gap="xs" wrap="nowrap">
        <Image src={logo} alt="" w={34} h={34} />
        <Title order={1} fz={{ base: 17, sm: 21 }} fw={700} style={{ whiteSpace: 'nowrap' }}>
          Intranet de l'Union
        </Title>
      </Group>
    </Link>
  );
}
