import { useMediaQuery } from '@mantine/hooks';

/** Whether the window is phone-narrow (48em, Mantine's `sm`): the screens that change layout there ask this. */
export const useIsPhone = () => useMediaQuery('(max-width: 48em)') === true;
