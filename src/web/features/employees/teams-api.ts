import { useListQuery } from '../../lib/list-query';
import { teamText } from './messages';

/** The site's teams in order (decision 085); a failed load says so. */
export const useTeams = () => useListQuery('GET /api/teams', teamText.loadFailed);
