/** Spec §5 and §8 texts for reports, word for word. */
export const msg = {
  emailRequiredTitle: 'Email Required',
  emailRequired: 'Please enter email addresses',
  emailRequiredGenerate: 'Please enter at least one email address',
  sendFailedTitle: 'Send Failed',
  sendFailed: 'Failed to send report',
  emailFailedTitle: 'Email Failed',
  emailFailed: 'Failed to send email report',
  previewFailedTitle: 'Preview Failed',
  previewFailed: 'Failed to generate report preview',
  pdfFailedTitle: 'PDF Generation Failed',
  pdfFailed: 'Failed to generate hierarchical PDF report',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  pdfDownloaded: 'PDF Downloaded',
} as const;

/** Saved recipient lists (decision 082); the spec is silent on them. */
export const recipientMsg = {
  picker: 'Saved recipients',
  choose: 'Choose a saved list…',
  lastUsed: (n: number) => `Last used (${n === 1 ? '1 address' : `${n} addresses`})`,
  option: (name: string, n: number) => `${name} (${n})`,
  saveAs: 'Save as list',
  manage: 'Manage lists',
  listName: 'List name',
  saved: (name: string) => `Saved list “${name}”`,
  updated: (name: string) => `Updated list “${name}”`,
  deleted: (name: string) => `Deleted list “${name}”`,
  saveFailed: 'Could not save the list',
  updateFailed: 'Could not update the list',
  deleteFailed: 'Could not delete the list',
  tryAgain: 'Please try again.',
} as const;
