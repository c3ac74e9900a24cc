/** Copy of the design editor (/customize-site, issue 17): autosave's states and the page's messages. */

/** What the toolbar says about autosave, one line for each of useDesignDraft's SaveStatus values. */
export const SAVE_STATUS_WORDS = {
  saved: 'All changes saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  invalid: 'Not saved: a setting needs fixing.',
  failed: 'Not saved: we could not reach the server. Your changes are kept here; we try again with your next change.',
  conflict: 'Your design was changed in another tab or window. Load the latest version to keep editing.',
} as const;

export const DESIGN_PAGE = {
  heading: 'Customize site',
  siteRequired: 'You have not set up your site yet. Choose its address and title first, then come back to design it here.',
  setUpSite: 'Set up your site',
  loadFailed: 'We could not load your design. Please check your connection and try again.',
  retry: 'Try again',
  loading: 'Loading your design…',
  added: (label: string) => `${label} added at the end of the page.`,
  deleted: (name: string) => `${name} deleted.`,
  restoredSection: 'Section restored.',
  discarded: 'Draft discarded: you see the published design again.',
  published: 'Published: visitors now see this design.',
  restoredVersion: (version: number) => `Version ${version} is in your draft. Publish to make it live.`,
  noVersions: 'Nothing published yet: visitors see today’s layout until you publish.',
} as const;

/** Discarding the draft, or restoring a version over it, loses the changes not yet published: asked first (docs/decisions/149). */
export const DESIGN_CONFIRM = {
  discardTitle: 'Discard your draft?',
  discardText: 'Every change since you last published is thrown away, and you see the published design again. This cannot be undone.',
  discard: 'Discard draft',
  restoreTitle: (version: number) => `Restore version ${version}?`,
  restoreText: (version: number) => `Version ${version} replaces your draft: the changes you have not published are lost. Your site does not change until you publish.`,
  restore: (version: number) => `Restore version ${version}`,
} as const;
