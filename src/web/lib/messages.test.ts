import { describe, expect, it } from 'vitest';
import { ERROR_TITLE, MESSAGES } from './messages';

/**
 * The specification's §8 catalogues, copied by hand from the two documents, against the texts the screens
 * use. Only screens that have landed are listed (reports, settings, subscription and the super-admin
 * portal come later). A row fails if a text drifts from the specification by one character.
 */
const M = MESSAGES;

describe('spec 01 §8 (calendar core)', () => {
  it.each<[string, unknown, unknown]>([
    ['failure toast title', ERROR_TITLE, 'Error'],
    ['bug report failure', M.bugReport.failed, 'Failed to send bug report. Please try again.'],
    [
      'bug report sent',
      M.bugReport.sent,
      { title: 'Bug Report Sent', description: "Thank you for your feedback! We'll investigate this issue." },
    ],
    ['note create failure', M.note.createFailed, 'Failed to create note.'],
    ['note update failure', M.note.updateFailed, 'Failed to update note.'],
    ['note delete failure', M.note.deleteFailed, 'Failed to delete note.'],
    ['note move failure', M.note.moveFailed, { title: 'Error moving note', description: 'There was a problem moving the note.' }],
    ['note resize failure', M.note.resizeFailed, 'Failed to resize note'],
    [
      'exception move failure',
      M.exception.moveFailed,
      { title: 'Error rescheduling exception', description: 'There was a problem moving the exception.' },
    ],
    ['exception resize failure', M.exception.resizeFailed, 'Failed to resize exception'],
    ['exception create failure', M.exception.createFailed('Bad dates'), 'Failed to create exception: Bad dates'],
    ['exception update failure', M.exception.updateFailed('Stale'), 'Failed to update exception: Stale'],
    ['exception delete failure with error', M.exception.deleteFailed('Gone'), 'Failed to delete exception: Gone'],
    ['exception delete failure without', M.exception.deleteFailed(), 'Failed to delete exception'],
    ['reason not found', M.exception.reasonNotFound, 'Selected reason not found'],
    ['employee data', M.exception.parseFailed('x'), 'Failed to parse employee data: x'],
    ['drop action', M.exception.dropFailed('y'), 'Failed to process drop action: y'],
    ['employee update failure', M.employee.updateFailed, 'Failed to update employee. Please try again.'],
    ['employee create failure', M.employee.createFailed, 'Failed to create employee. Please try again.'],
    ['employee reorder failure', M.employee.reorderFailed, 'Failed to reorder employee'],
    ['employee delete failure', M.employee.deleteFailed('In use'), 'Failed to delete employee: In use'],
    ['categories reorder failure', M.employee.categoriesReorderFailed, 'Failed to reorder categories. Please try again.'],
    ['exception type add', M.exceptionType.failed('add', 'e'), 'Failed to add exception type: e'],
    ['exception type update', M.exceptionType.failed('update', 'e'), 'Failed to update exception type: e'],
    ['exception type delete', M.exceptionType.failed('delete', 'e'), 'Failed to delete exception type: e'],
    ['exception type reorder', M.exceptionType.failed('reorder', 'e'), 'Failed to reorder exception type: e'],
    [
      'day authorisation failure',
      M.authorisation.dayFailed,
      { title: 'Authorisation Failed', description: 'Could not save authorisation to the database.' },
    ],
    ['multiple authorisation failure', M.authorisation.multipleFailed, 'Could not authorise days. Please try again.'],
    ['employees load', M.lists.employees, 'Error loading employees'],
    ['exception types load', M.lists.exceptionTypes, 'Error loading exception types'],
    ['exceptions fetch', M.lists.exceptions, 'Failed to fetch exceptions'],
    ['notes fetch', M.lists.notes, 'Failed to fetch notes'],
    ['holidays fetch', M.lists.holidays, 'Failed to fetch public holidays'],
    ['day changes load', M.lists.dayChanges, 'Failed to load day changes'],
    ['no change', M.exception.noChange, { title: 'No change', description: "Exception wasn't moved to a different date." }],
    [
      'nothing to authorise',
      M.authorisation.nothingToAuthorise,
      { title: 'No changes to authorise', description: 'All days in this view are already authorised.' },
    ],
    [
      'none authorised',
      M.authorisation.noneAuthorised,
      { title: 'No Days Authorized', description: 'No days were found that needed authorization.' },
    ],
    ['note created', M.note.created, 'Note created successfully!'],
    ['note updated', M.note.updated, 'Note updated successfully!'],
    ['note deleted', M.note.deleted, 'Note deleted successfully!'],
    ['note moved', M.note.moved, 'Note moved'],
    ['note resized', M.note.resized, 'Note resized'],
    ['exception created', M.exception.created, 'Exception created'],
    ['exception rescheduled', M.exception.rescheduled, 'Exception rescheduled'],
    ['exception resized', M.exception.resized, 'Exception resized'],
    ['exception updated', M.exception.updated, 'Exception updated'],
    ['exception deleted', M.exception.deleted, 'Exception deleted'],
    ['employee created', M.employee.created, 'Employee created'],
    ['employee updated', M.employee.updated, 'Employee updated'],
    ['employee deleted', M.employee.deleted, 'Employee deleted'],
    ['day authorised', M.authorisation.dayAuthorised, 'Day Authorised'],
    [
      'multiple days authorised',
      M.authorisation.daysAuthorised(3),
      { title: 'Multiple Days Authorised', description: 'Successfully authorised 3 days.' },
    ],
    ['exception type added', M.exceptionType.added, 'Exception type added'],
    ['exception type updated', M.exceptionType.updated, 'Exception type updated'],
    ['exception type deleted', M.exceptionType.deleted, 'Exception type deleted'],
  ])('%s', (_row, actual, spec) => {
    expect(actual).toEqual(spec);
  });
});

describe('spec 02 §8 (accounts and user management)', () => {
  it.each<[string, unknown, unknown]>([
    ['login', M.auth.loginFailed, 'Login failed. Please try again.'],
    ['registration', M.auth.registrationFailed, 'Registration failed. Please try again.'],
    ['forgot password', M.auth.resetEmailFailed, 'Failed to send reset email'],
    ['forgot password network', M.auth.forgotNetwork, 'Network error. Please try again.'],
    ['reset password', M.auth.resetFailed, 'Failed to reset password'],
    ['reset password network', M.auth.resetNetwork, 'Network error.'],
    ['create user', M.users.createFailed, { title: 'Failed to create user', description: 'Please try again.' }],
    ['update user', M.users.updateFailed, { title: 'Failed to update user', description: 'Please try again.' }],
    ['update permissions', M.users.permissionsFailed, { title: 'Failed to update permissions', description: 'Please try again.' }],
  ])('%s', (_row, actual, spec) => {
    expect(actual).toEqual(spec);
  });
});
