/**
 * The web app's toast and error texts from the specification's error catalogues (§8 of both documents),
 * word for word, in one place. `messages.test.ts` lists the specification's strings by hand against
 * these. A `{detail}` in the specification is a function's argument here.
 */
export interface Titled {
  title: string;
  description?: string;
}

/** Spec 01 §8: the default title of a failure toast. */
export const ERROR_TITLE = 'Error';

export const MESSAGES = {
  bugReport: {
    failed: 'Failed to send bug report. Please try again.',
    sent: { title: 'Bug Report Sent', description: "Thank you for your feedback! We'll investigate this issue." },
  },
  note: {
    createFailed: 'Failed to create note.',
    updateFailed: 'Failed to update note.',
    deleteFailed: 'Failed to delete note.',
    moveFailed: { title: 'Error moving note', description: 'There was a problem moving the note.' },
    resizeFailed: 'Failed to resize note',
    created: 'Note created successfully!',
    updated: 'Note updated successfully!',
    deleted: 'Note deleted successfully!',
    moved: 'Note moved',
    resized: 'Note resized',
  },
  exception: {
    moveFailed: { title: 'Error rescheduling exception', description: 'There was a problem moving the exception.' },
    resizeFailed: 'Failed to resize exception',
    createFailed: (detail: string) => `Failed to create exception: ${detail}`,
    updateFailed: (detail: string) => `Failed to update exception: ${detail}`,
    deleteFailed: (error?: string) => (error ? `Failed to delete exception: ${error}` : 'Failed to delete exception'),
    reasonNotFound: 'Selected reason not found',
    parseFailed: (detail: string) => `Failed to parse employee data: ${detail}`,
    dropFailed: (detail: string) => `Failed to process drop action: ${detail}`,
    noChange: { title: 'No change', description: "Exception wasn't moved to a different date." },
    created: 'Exception created',
    rescheduled: 'Exception rescheduled',
    resized: 'Exception resized',
    updated: 'Exception updated',
    deleted: 'Exception deleted',
  },
  employee: {
    updateFailed: 'Failed to update employee. Please try again.',
    createFailed: 'Failed to create employee. Please try again.',
    reorderFailed: 'Failed to reorder employee',
    deleteFailed: (error: string) => `Failed to delete employee: ${error}`,
    categoriesReorderFailed: 'Failed to reorder categories. Please try again.',
    created: 'Employee created',
    updated: 'Employee updated',
    deleted: 'Employee deleted',
  },
  exceptionType: {
    failed: (action: 'add' | 'update' | 'delete' | 'reorder', error: string) => `Failed to ${action} exception type: ${error}`,
    added: 'Exception type added',
    updated: 'Exception type updated',
    deleted: 'Exception type deleted',
  },
  authorisation: {
    dayFailed: { title: 'Authorisation Failed', description: 'Could not save authorisation to the database.' },
    multipleFailed: 'Could not authorise days. Please try again.',
    nothingToAuthorise: { title: 'No changes to authorise', description: 'All days in this view are already authorised.' },
    noneAuthorised: { title: 'No Days Authorized', description: 'No days were found that needed authorization.' },
    dayAuthorised: 'Day Authorised',
    daysAuthorised: (count: number) => ({
      title: 'Multiple Days Authorised',
      description: `Successfully authorised ${count} ${count === 1 ? 'day' : 'days'}.`,
    }),
  },
  lists: {
    employees: 'Error loading employees',
    exceptionTypes: 'Error loading exception types',
    exceptions: 'Failed to fetch exceptions',
    notes: 'Failed to fetch notes',
    holidays: 'Failed to fetch public holidays',
    dayChanges: 'Failed to load day changes',
  },
  // Spec 02 §8.
  auth: {
    loginFailed: 'Login failed. Please try again.',
    registrationFailed: 'Registration failed. Please try again.',
    resetEmailFailed: 'Failed to send reset email',
    forgotNetwork: 'Network error. Please try again.',
    resetFailed: 'Failed to reset password',
    resetNetwork: 'Network error.',
  },
  users: {
    createFailed: { title: 'Failed to create user', description: 'Please try again.' },
    updateFailed: { title: 'Failed to update user', description: 'Please try again.' },
    permissionsFailed: { title: 'Failed to update permissions', description: 'Please try again.' },
  },
} as const;
