/** Texts of the Teams dialog (decision 085), loaded with it. */
export const teamChangeText = {
  title: 'Teams',
  description: 'Group employees of this site into teams. An employee is in at most one team.',
  nameLabel: 'Team name',
  add: 'Add Team',
  adding: 'Adding...',
  none: 'No teams yet. Add the first one above.',
  created: 'Team created',
  renamed: 'Team renamed',
  deleted: 'Team deleted',
  createFailed: 'Error creating team',
  updateFailed: 'Error updating team',
  deleteFailed: 'Error deleting team',
  deleteTitle: 'Delete Team',
  deleteDescription: (name: string, n: number) =>
    `Are you sure you want to delete ${name}? ${
      n === 0 ? 'No employee is in it.' : `Its ${n === 1 ? 'employee stays' : `${n} employees stay`}, without a team.`
    }`,
  employees: (n: number) => `${n} ${n === 1 ? 'employee' : 'employees'}`,
} as const;
