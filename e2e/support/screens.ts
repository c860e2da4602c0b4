/** The two screens the account flows are checked on: a laptop and a phone. */
export const LAPTOP_AND_PHONE = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
