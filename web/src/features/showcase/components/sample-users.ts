/** Demo data for the showcase pages (spec 2.5): generated, deterministic, never from the server. */

export type SampleUserStatus = 'Active' | 'Inactive' | 'Pending';

export interface SampleUser {
  [key: string]: string | number;
  id: string;
  name: string;
  email: string;
  role: string;
  department: string;
  status: SampleUserStatus;
  /** ISO date of the last sign-in. */
  lastLogin: string;
}

/** Demo sizes of spec 9. */
export const SAMPLE_USER_COUNT = 50;
export const SAMPLE_LIST_ITEMS = 10;
export const SAMPLE_CARDS = 6;

const FIRST_NAMES = [
  'Ada',
  'Bram',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Keiko',
];
const LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Patel',
  'Rossi',
  'Haddad',
  'Nakamura',
  'Silva',
  'Weber',
];
const ROLES = ['Investigator', 'Analyst', 'Team Lead', 'Reviewer', 'Administrator'];
const DEPARTMENTS = [
  'Fraud Operations',
  'Cyber Intelligence',
  'Payments Risk',
  'Customer Protection',
  'Compliance',
];
const STATUSES: SampleUserStatus[] = ['Active', 'Active', 'Inactive', 'Active', 'Pending'];

/** A fixed reference day, so the generated dates do not depend on when the page is opened. */
const REFERENCE_DAY = Date.UTC(2025, 5, 30);
const DAY_MS = 24 * 60 * 60 * 1000;

/** Small deterministic generator (mulberry32): the same seed always gives the same users. */
function createRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateSampleUsers(count = SAMPLE_USER_COUNT, seed = 20250630): SampleUser[] {
  const random = createRandom(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
  return Array.from({ length: count }, (_, index) => {
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    return {
      id: `user-${index + 1}`,
      name: `${firstName} ${lastName}`,
      email: `${firstName}.${lastName}${index + 1}@example.org`.toLowerCase(),
      role: pick(ROLES),
      department: pick(DEPARTMENTS),
      status: pick(STATUSES),
      lastLogin: new Date(REFERENCE_DAY - Math.floor(random() * 90) * DAY_MS).toISOString().slice(0, 10),
    };
  });
}

/** Generated once per page load; rendering never draws new random values. */
export const SAMPLE_USERS = generateSampleUsers();
