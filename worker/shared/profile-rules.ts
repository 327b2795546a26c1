// The profile's limits that only the server checks (worker/shared/rules.ts LIMITS has those the client reads
// too).

export const PROFILE_LIMITS = {
  socialKeyMax: 40,
  socialUrlMax: 300,
} as const;
