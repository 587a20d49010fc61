import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_QUERY } from '../app/theme';

/** True below 1264 px (seed §9): the navigation then becomes a temporary drawer. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, { noSsr: true });
}
