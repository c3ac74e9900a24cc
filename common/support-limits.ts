/** The /support form's limits, apart from its zod schema so the studio page shows them without loading zod. */
export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;
