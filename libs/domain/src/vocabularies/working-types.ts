// Exactly the two working types named by the spec.
export const WORKING_TYPES = ['Office', 'Remote'] as const;
