/** Texts of the teams of Employee Management (decision 085; the specification has no teams). */
export const teamText = {
  manage: 'Manage Teams',
  noTeam: 'No team',
  allTeams: 'All teams',
  filterLabel: 'Filter by team',
  column: 'Team',
  loadFailed: 'Error loading teams',
} as const;
