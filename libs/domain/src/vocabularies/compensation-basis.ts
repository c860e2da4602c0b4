// Exactly the seven bases named by the spec.
export const COMPENSATION_BASIS = [
  'Consultation',
  'Created Solution',
  'KPI',
  'Licensing',
  'Milestone',
  'Project Completion',
  'Time',
] as const;
