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
  previewFirst: 'Please generate a report preview first',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  pdfDownloaded: 'PDF Downloaded',
} as const;
