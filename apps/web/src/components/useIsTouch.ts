import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is touched rather than clicked (a phone, a tablet): the screens that tell people what
 * to do with their finger say « touchez », never « cliquez ».
 */
export const useIsTouch = () => useMediaQuery('(pointer: coarse)') === true;
